// HLSL 2021 as DXC accepts it, written for SLL prediction.
//
// There is no ANTLR lexer: frontend/pp tokenizes and preprocesses, and
// frontend/parse classifies every identifier before this parser sees it
// (keywords, type names, template names, namespace names: the C "lexer
// hack"). Casts `(T)x`, constructors `T(x)` and template `<` are therefore
// decided by one token of lookahead instead of by long LL predictions.
//
// `>>` reaches the parser as two GT tokens so that nested template argument
// lists close; the AST builder checks that a `> >` shift was spelled `>>`.
//
// Regenerate with grammar/generate.sh (make generate).
parser grammar HLSLParser;

// Base (parser/base.go, written by generate.sh) is ANTLR's BaseParser with
// two hooks frontend/parse sets: a rule-depth limit and tree nodes for
// matched tokens that cost no allocation each.
options { superClass = Base; }

tokens {
    // identifiers, classified by frontend/parse
    IDENT, TYPE_NAME, TEMPLATE_NAME, TEMPLATE_FUNC, NS_NAME,
    // literals
    INT_LIT, FLOAT_LIT, STRING_LIT, CHAR_LIT,
    // keywords
    KW_BREAK, KW_CASE, KW_CBUFFER, KW_CLASS, KW_CONST, KW_CONTINUE, KW_DEFAULT,
    KW_DISCARD, KW_DO, KW_ELSE, KW_ENUM, KW_EXPORT, KW_FALSE, KW_FOR, KW_IF,
    KW_INLINE, KW_INTERFACE, KW_NAMESPACE, KW_OPERATOR, KW_RETURN, KW_SIZEOF,
    KW_STATIC, KW_STRUCT, KW_SWITCH, KW_TBUFFER, KW_TEMPLATE, KW_THIS, KW_TRUE,
    KW_TYPEDEF, KW_TYPENAME, KW_USING, KW_WHILE, KW_UNSIGNED, KW_SIGNED,
    KW_PUBLIC, KW_PRIVATE, KW_PROTECTED, KW_STATIC_ASSERT,
    // struct, class, interface or enum naming a type rather than starting
    // its definition (`struct S s;`): the classifier looks for the `{`
    ELABORATED,
    // the `(` of a cast `(T)x`: the classifier sees a type, `)` and an
    // operand, so casts and parenthesized expressions differ by one token
    CAST_LPAREN,
    // a template name whose argument list is followed by `::` (`S<int>::`);
    // any other name before `::` is an NS_NAME, type names included
    TEMPLATE_SCOPE,
    // declaration modifiers (storage, interpolation, parameter, primitive);
    // the contextual ones are only classified as modifiers when followed by
    // a type or another modifier
    MODIFIER,
    // punctuation
    LPAREN, RPAREN, LBRACKET, RBRACKET, LBRACE, RBRACE, SEMI, COMMA, COLON,
    COLONCOLON, DOT, ARROW, QUESTION, ASSIGN, PLUS_ASSIGN, MINUS_ASSIGN,
    STAR_ASSIGN, DIV_ASSIGN, MOD_ASSIGN, SHL_ASSIGN, SHR_ASSIGN, AND_ASSIGN,
    XOR_ASSIGN, OR_ASSIGN, OROR, ANDAND, OR, XOR, AND, EQ, NE, LT, GT, LE, GE,
    SHL, PLUS, MINUS, STAR, DIV, MOD, NOT, TILDE, INC, DEC,
    // a character or punctuator HLSL has no use for; never matched
    UNKNOWN
}

translationUnit
    : topLevelDecl* EOF
    ;

topLevelDecl
    : SEMI
    | namespaceDecl
    | usingDecl
    | staticAssert
    | attribute* (bufferBlock | templateDecl | declaration)
    ;

staticAssert
    : KW_STATIC_ASSERT LPAREN assignmentExpression (COMMA STRING_LIT+)? RPAREN SEMI
    ;

// A `;` after the closing brace of a namespace or cbuffer is an empty
// declaration of its own: an optional `;` here would make a decision that
// one token cannot settle (a `;` may also start the next declaration).
namespaceDecl
    : KW_NAMESPACE (IDENT | NS_NAME) LBRACE topLevelDecl* RBRACE
    ;

// cbuffer/tbuffer blocks
bufferBlock
    : (KW_CBUFFER | KW_TBUFFER) anyName postfixDecl* LBRACE memberDecl* RBRACE
    ;

usingDecl
    : KW_USING (IDENT | TYPE_NAME) attribute* ASSIGN typeId SEMI
    | KW_USING KW_NAMESPACE scopePrefix? (IDENT | NS_NAME) SEMI
    | KW_USING scopePrefix (IDENT | TYPE_NAME | TEMPLATE_NAME | TEMPLATE_FUNC) SEMI
    ;

templateDecl
    : KW_TEMPLATE LT templateParamList? GT attribute* (declaration | templateDecl | usingDecl)
    | KW_TEMPLATE declaration   // explicit instantiation: template void f<17>();
    ;

templateParamList
    : templateParam (COMMA templateParam)*
    ;

templateParam
    : (KW_TYPENAME | KW_CLASS) (IDENT | TYPE_NAME)? (ASSIGN typeSpec)?
    | typeSpec (IDENT | TYPE_NAME)? (ASSIGN constArgExpression)?
    ;

// A declaration of variables, a function, a type or a typedef. The same
// rule serves global, member and local scope; sema decides what is allowed
// where. The specifiers, the first declared name and the rest of the first
// declarator are written out here, as declSpecifiers, declName and
// declarator spell them elsewhere: declarations are the most common
// construct after expressions, and each rule invocation costs a parse-tree
// node. The name is shared by both branches, so that one token after it,
// `(` or not, tells a function from a variable.
declaration
    : KW_TYPEDEF declSpecifiers declarator (COMMA declarator)* SEMI
    | (MODIFIER | KW_CONST | KW_STATIC | KW_EXPORT | KW_INLINE)* typeSpec KW_CONST*
      ( declScope? (IDENT | TEMPLATE_FUNC LT templateArgList? GT | KW_OPERATOR operatorName)
        ( functionDeclarator functionTail
        | arrayDim* postfixDecl* annotation? (ASSIGN initializer | stateBlock)? (COMMA initDeclarator)* SEMI
        )
      | SEMI
      | COLON INT_LIT SEMI                  // an unnamed bit-field: `int : 4;`
      )
    ;

declSpecifiers
    : (MODIFIER | KW_CONST | KW_STATIC | KW_EXPORT | KW_INLINE)* typeSpec KW_CONST*
    ;

// What follows the name of a function: `int getA()[2]` returns an array.
functionDeclarator
    : LPAREN paramList? RPAREN arrayDim* KW_CONST? postfixDecl*
    ;

functionTail
    : block
    | SEMI
    ;

// A declared name may be qualified by its class or namespace (`S::f`), but
// never by a bare `::`: `T::M = x;` must read as an assignment to T's static
// member M, not as a declaration of `::M` with type T.
declName
    : declScope? (IDENT | TEMPLATE_FUNC LT templateArgList? GT | KW_OPERATOR operatorName)
    ;

declScope
    : (scopeName COLONCOLON)+
    ;

operatorName
    : PLUS | MINUS | STAR | DIV | MOD | XOR | AND | OR | TILDE | NOT | ASSIGN | LT | GT
    | PLUS_ASSIGN | MINUS_ASSIGN | STAR_ASSIGN | DIV_ASSIGN | MOD_ASSIGN | XOR_ASSIGN
    | AND_ASSIGN | OR_ASSIGN | SHL | GT GT | SHR_ASSIGN | SHL_ASSIGN | EQ | NE | LE | GE
    | ANDAND | OROR | INC | DEC | COMMA | LPAREN RPAREN | LBRACKET RBRACKET
    ;

paramList
    : param (COMMA param)*
    ;

param
    : attribute* declSpecifiers declarator? (ASSIGN initializer)?
    ;

initDeclarator
    : declarator (ASSIGN initializer | stateBlock)?
    ;

// Legacy effect state: `SamplerState s { Filter = MIN_MAG_MIP_LINEAR; };`
// DXC parses and ignores it.
stateBlock
    : LBRACE stateAssignment* RBRACE
    ;

stateAssignment
    : anyName arrayDim? ASSIGN (LT anyName GT | assignmentExpression) SEMI
    ;

// A declarator's name may be qualified: `float4 S::M = ...` defines a
// static member out of line; `is_same_v<T, T>` specialises a variable
// template.
declarator
    : declName arrayDim* postfixDecl* annotation?
    ;

arrayDim
    : LBRACKET expression? RBRACKET
    ;

// `: SV_Target`, `: register(b0, space1)`, `: packoffset(c0.y)`, or a
// bit-field width `: 4`.
postfixDecl
    : COLON (anyName (LPAREN (semanticArg (COMMA semanticArg)*)? RPAREN)? | INT_LIT)
    ;

// register(t0), register(ps, s[1+1]), packoffset(c0.y); payload access
// qualifiers read(caller, anyhit) and write() use the same shape.
semanticArg
    : anyName (DOT anyName)? (LBRACKET constArgExpression RBRACKET)?
    | INT_LIT
    ;

// Legacy effect annotations: `float x < string UIName = "x"; > = 1;`
annotation
    : LT (declSpecifiers IDENT ASSIGN initializer SEMI)* GT
    ;

initializer
    : assignmentExpression
    | initList
    ;

initList
    : LBRACE (initializer (COMMA initializer)* COMMA?)? RBRACE
    ;

// Types ------------------------------------------------------------------

// Each alternative starts with its own tokens, so one token picks it. The
// common case, a possibly qualified type name, is written out rather than
// invoking qualifiedType and simpleType: every rule invocation costs a
// parse-tree node, and types are in every declaration.
typeSpec
    : tagType
    | scopePrefix? (TYPE_NAME | TEMPLATE_NAME LT templateArgList? GT)
    | (KW_UNSIGNED | KW_SIGNED) TYPE_NAME?
    | KW_TYPENAME scopePrefix (IDENT | simpleType)
    ;

// A struct or enum defined in place, or named by an elaborated type
// (`struct S`, `enum E`), whose keyword the classifier made ELABORATED.
tagType
    : structSpecifier
    | enumSpecifier
    | ELABORATED scopePrefix? (IDENT | TYPE_NAME | TEMPLATE_NAME LT templateArgList? GT)
    ;

// A possibly qualified type name, `float4`, `vk::SpirvType<...>`,
// `S<int>::Inner`. Names before `::` reach the parser as NS_NAME or
// TEMPLATE_SCOPE, never as TYPE_NAME or TEMPLATE_NAME, so where the
// qualifier ends is seen from one token.
qualifiedType
    : scopePrefix? simpleType
    ;

simpleType
    : TYPE_NAME
    | TEMPLATE_NAME LT templateArgList? GT
    ;

scopePrefix
    : COLONCOLON (scopeName COLONCOLON)*
    | (scopeName COLONCOLON)+
    ;

scopeName
    : NS_NAME
    | TEMPLATE_SCOPE LT templateArgList? GT
    ;

templateArgList
    : templateArg (COMMA templateArg)*
    ;

// A template argument is a type or a constant expression without `>` at
// its top level (parenthesize to compare or shift right). The flat
// operator list is folded by precedence when the AST is built.
templateArg
    : typeId
    | constArgExpression
    ;

// An expression inside template brackets: no `<`, `>` or `>>` at its top
// level. Keeping `>` out also keeps the binary-operator loop LL(1).
constArgExpression
    : unaryExpression ((STAR | DIV | MOD | PLUS | MINUS | SHL | AND | XOR | OR | ANDAND | OROR | EQ | NE | LE) unaryExpression)*
    ;

// A type as written in casts, template arguments, sizeof and aliases.
typeId
    : (KW_CONST | MODIFIER)* typeSpec KW_CONST* arrayDim*
    ;

structSpecifier
    : (KW_STRUCT | KW_CLASS | KW_INTERFACE) attribute* (IDENT | TYPE_NAME | TEMPLATE_NAME LT templateArgList? GT)? baseClause? LBRACE memberDecl* RBRACE
    ;

baseClause
    : COLON baseSpec (COMMA baseSpec)*
    ;

// Bases and enum underlying types are plain named types: were a full
// typeSpec allowed there, `{` could follow a typeSpec and `struct S {`
// would need a long lookahead to tell a definition from a use.
baseSpec
    : (KW_PUBLIC | KW_PRIVATE | KW_PROTECTED)? namedType
    ;

namedType
    : qualifiedType
    ;

memberDecl
    : attribute* (declaration | templateDecl | bufferBlock)
    | usingDecl
    | staticAssert
    | (KW_PUBLIC | KW_PRIVATE | KW_PROTECTED) COLON
    | SEMI
    ;

enumSpecifier
    : KW_ENUM (KW_CLASS | KW_STRUCT)? (IDENT | TYPE_NAME)? (COLON namedType)? LBRACE (enumerator (COMMA enumerator)* COMMA?)? RBRACE
    ;

enumerator
    : IDENT (ASSIGN assignmentExpression)?
    ;

// Attributes: `[numthreads(8, 8, 1)]`, `[unroll]`, `[[vk::binding(0, 1)]]`.
attribute
    : LBRACKET (LBRACKET attributeItem (COMMA attributeItem)* RBRACKET RBRACKET | attributeItem RBRACKET)
    ;

attributeItem
    : anyName (COLONCOLON anyName)* (LPAREN (assignmentExpression (COMMA assignmentExpression)*)? RPAREN)?
    ;

// Names where any spelling is an identifier (attribute and semantic names).
anyName
    : IDENT | TYPE_NAME | TEMPLATE_NAME | NS_NAME | MODIFIER | KW_UNSIGNED | KW_SIGNED
    ;

// Statements -------------------------------------------------------------

block
    : LBRACE statement* RBRACE
    ;

statement
    : attribute statement
    | block
    | SEMI
    | KW_IF LPAREN condition RPAREN statement (KW_ELSE statement)?
    | KW_SWITCH LPAREN condition RPAREN LBRACE statement* RBRACE
    | KW_CASE assignmentExpression COLON
    | KW_DEFAULT COLON
    | KW_WHILE LPAREN condition RPAREN statement
    | KW_DO statement KW_WHILE LPAREN expression RPAREN SEMI
    | KW_FOR LPAREN forInit expression? SEMI expression? RPAREN statement
    | KW_BREAK SEMI
    | KW_CONTINUE SEMI
    | KW_RETURN expression? SEMI
    | KW_DISCARD SEMI
    | declaration
    | usingDecl
    | staticAssert
    | expression SEMI
    ;

// Case labels are statements so that they may sit in nested blocks, as C
// allows (`case 6: { case 7: break; }`); the AST groups the labels at the
// top of a switch body into clauses. The alternatives carry no labels: a
// labelled alternative makes a second context object per statement, and
// the first child tells them apart.

// `if (int d = f())`: a condition may declare a variable.
condition
    : declSpecifiers declarator ASSIGN initializer
    | expression
    ;

forInit
    : declSpecifiers initDeclarator (COMMA initDeclarator)* SEMI
    | expression? SEMI
    ;

// Expressions ------------------------------------------------------------

expression
    : assignmentExpression (COMMA assignmentExpression)*
    ;

// Assignment, the conditional operator and the binary operators share one
// rule (one parse-tree node per expression, not three). The binary
// operators are a flat list, `a op b op c ...`, folded by precedence when
// the AST is built (as constArgExpression is): a left-recursive rule would
// put precedence predicates on every path that leaves an expression, and
// no decision there could then be made from one token. Whether the left
// side of an assignment is assignable is sema's question; keeping the
// grammar LL(1) here avoids scanning a whole unary expression to predict.
// The operators are tokens of this rule, not rules of their own: a rule
// invocation costs a parse-tree node. `>>` arrives as two GT: `GT GT` is a
// shift (the AST builder checks it was spelled `>>`), as no expression
// starts with `>`.
assignmentExpression
    : unaryExpression
      ( ( STAR | DIV | MOD | PLUS | MINUS | SHL | GT GT? | LT | LE | GE | EQ | NE
        | AND | XOR | OR | ANDAND | OROR
        ) unaryExpression
      )*
      ( QUESTION expression COLON assignmentExpression
      | ( ASSIGN | PLUS_ASSIGN | MINUS_ASSIGN | STAR_ASSIGN | DIV_ASSIGN | MOD_ASSIGN
        | SHL_ASSIGN | SHR_ASSIGN | AND_ASSIGN | XOR_ASSIGN | OR_ASSIGN
        ) assignmentExpression
      )?
    ;

// One rule for an operand with its prefix and postfix operators: a
// literal, a name, `x`, `S::x`, `f<int>`, a functional cast or constructor
// call, `float3(x)`, `vector<float, 2>(a, b)`, `S::Inner(0)` (the
// qualifier is read before the kind of name is decided), `this`, `(x)`,
// then any indexing, calls, member accesses and postfix `++`/`--`. Every
// alternative starts with its own tokens; only `sizeof (T)` and
// `sizeof (x)` share one and need a longer look. The AST builder tells the
// alternatives apart by their first token: rules and labelled alternatives
// here would cost a parse-tree node each, and this rule runs once per
// operand.
unaryExpression
    : (INC | DEC | PLUS | MINUS | NOT | TILDE) unaryExpression
    | CAST_LPAREN typeId RPAREN unaryExpression
    | KW_SIZEOF (LPAREN typeId RPAREN | unaryExpression)
    | ( INT_LIT | FLOAT_LIT | STRING_LIT+ | CHAR_LIT | KW_TRUE | KW_FALSE
      | scopePrefix? ( IDENT
                     | TEMPLATE_FUNC LT templateArgList? GT
                     | (TYPE_NAME | TEMPLATE_NAME LT templateArgList? GT) LPAREN (assignmentExpression (COMMA assignmentExpression)*)? RPAREN
                     )
      | KW_THIS
      | LPAREN expression RPAREN
      | (KW_UNSIGNED | KW_SIGNED) TYPE_NAME? LPAREN (assignmentExpression (COMMA assignmentExpression)*)? RPAREN
      )
      ( LBRACKET expression RBRACKET
      | LPAREN (assignmentExpression (COMMA assignmentExpression)*)? RPAREN
      | (DOT | ARROW) (IDENT | TEMPLATE_FUNC LT templateArgList? GT)
      | INC
      | DEC
      )*
    ;
