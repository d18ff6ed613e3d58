// Code generated from HLSLParser.g4 by ANTLR 4.13.1. DO NOT EDIT.

package parser // HLSLParser
import "github.com/antlr4-go/antlr/v4"

// A complete Visitor for a parse tree produced by HLSLParser.
type HLSLParserVisitor interface {
	antlr.ParseTreeVisitor

	// Visit a parse tree produced by HLSLParser#translationUnit.
	VisitTranslationUnit(ctx *TranslationUnitContext) interface{}

	// Visit a parse tree produced by HLSLParser#topLevelDecl.
	VisitTopLevelDecl(ctx *TopLevelDeclContext) interface{}

	// Visit a parse tree produced by HLSLParser#staticAssert.
	VisitStaticAssert(ctx *StaticAssertContext) interface{}

	// Visit a parse tree produced by HLSLParser#namespaceDecl.
	VisitNamespaceDecl(ctx *NamespaceDeclContext) interface{}

	// Visit a parse tree produced by HLSLParser#bufferBlock.
	VisitBufferBlock(ctx *BufferBlockContext) interface{}

	// Visit a parse tree produced by HLSLParser#usingDecl.
	VisitUsingDecl(ctx *UsingDeclContext) interface{}

	// Visit a parse tree produced by HLSLParser#templateDecl.
	VisitTemplateDecl(ctx *TemplateDeclContext) interface{}

	// Visit a parse tree produced by HLSLParser#templateParamList.
	VisitTemplateParamList(ctx *TemplateParamListContext) interface{}

	// Visit a parse tree produced by HLSLParser#templateParam.
	VisitTemplateParam(ctx *TemplateParamContext) interface{}

	// Visit a parse tree produced by HLSLParser#declaration.
	VisitDeclaration(ctx *DeclarationContext) interface{}

	// Visit a parse tree produced by HLSLParser#declSpecifiers.
	VisitDeclSpecifiers(ctx *DeclSpecifiersContext) interface{}

	// Visit a parse tree produced by HLSLParser#functionDeclarator.
	VisitFunctionDeclarator(ctx *FunctionDeclaratorContext) interface{}

	// Visit a parse tree produced by HLSLParser#functionTail.
	VisitFunctionTail(ctx *FunctionTailContext) interface{}

	// Visit a parse tree produced by HLSLParser#declName.
	VisitDeclName(ctx *DeclNameContext) interface{}

	// Visit a parse tree produced by HLSLParser#declScope.
	VisitDeclScope(ctx *DeclScopeContext) interface{}

	// Visit a parse tree produced by HLSLParser#operatorName.
	VisitOperatorName(ctx *OperatorNameContext) interface{}

	// Visit a parse tree produced by HLSLParser#paramList.
	VisitParamList(ctx *ParamListContext) interface{}

	// Visit a parse tree produced by HLSLParser#param.
	VisitParam(ctx *ParamContext) interface{}

	// Visit a parse tree produced by HLSLParser#initDeclarator.
	VisitInitDeclarator(ctx *InitDeclaratorContext) interface{}

	// Visit a parse tree produced by HLSLParser#stateBlock.
	VisitStateBlock(ctx *StateBlockContext) interface{}

	// Visit a parse tree produced by HLSLParser#stateAssignment.
	VisitStateAssignment(ctx *StateAssignmentContext) interface{}

	// Visit a parse tree produced by HLSLParser#declarator.
	VisitDeclarator(ctx *DeclaratorContext) interface{}

	// Visit a parse tree produced by HLSLParser#arrayDim.
	VisitArrayDim(ctx *ArrayDimContext) interface{}

	// Visit a parse tree produced by HLSLParser#postfixDecl.
	VisitPostfixDecl(ctx *PostfixDeclContext) interface{}

	// Visit a parse tree produced by HLSLParser#semanticArg.
	VisitSemanticArg(ctx *SemanticArgContext) interface{}

	// Visit a parse tree produced by HLSLParser#annotation.
	VisitAnnotation(ctx *AnnotationContext) interface{}

	// Visit a parse tree produced by HLSLParser#initializer.
	VisitInitializer(ctx *InitializerContext) interface{}

	// Visit a parse tree produced by HLSLParser#initList.
	VisitInitList(ctx *InitListContext) interface{}

	// Visit a parse tree produced by HLSLParser#typeSpec.
	VisitTypeSpec(ctx *TypeSpecContext) interface{}

	// Visit a parse tree produced by HLSLParser#tagType.
	VisitTagType(ctx *TagTypeContext) interface{}

	// Visit a parse tree produced by HLSLParser#qualifiedType.
	VisitQualifiedType(ctx *QualifiedTypeContext) interface{}

	// Visit a parse tree produced by HLSLParser#simpleType.
	VisitSimpleType(ctx *SimpleTypeContext) interface{}

	// Visit a parse tree produced by HLSLParser#scopePrefix.
	VisitScopePrefix(ctx *ScopePrefixContext) interface{}

	// Visit a parse tree produced by HLSLParser#scopeName.
	VisitScopeName(ctx *ScopeNameContext) interface{}

	// Visit a parse tree produced by HLSLParser#templateArgList.
	VisitTemplateArgList(ctx *TemplateArgListContext) interface{}

	// Visit a parse tree produced by HLSLParser#templateArg.
	VisitTemplateArg(ctx *TemplateArgContext) interface{}

	// Visit a parse tree produced by HLSLParser#constArgExpression.
	VisitConstArgExpression(ctx *ConstArgExpressionContext) interface{}

	// Visit a parse tree produced by HLSLParser#typeId.
	VisitTypeId(ctx *TypeIdContext) interface{}

	// Visit a parse tree produced by HLSLParser#structSpecifier.
	VisitStructSpecifier(ctx *StructSpecifierContext) interface{}

	// Visit a parse tree produced by HLSLParser#baseClause.
	VisitBaseClause(ctx *BaseClauseContext) interface{}

	// Visit a parse tree produced by HLSLParser#baseSpec.
	VisitBaseSpec(ctx *BaseSpecContext) interface{}

	// Visit a parse tree produced by HLSLParser#namedType.
	VisitNamedType(ctx *NamedTypeContext) interface{}

	// Visit a parse tree produced by HLSLParser#memberDecl.
	VisitMemberDecl(ctx *MemberDeclContext) interface{}

	// Visit a parse tree produced by HLSLParser#enumSpecifier.
	VisitEnumSpecifier(ctx *EnumSpecifierContext) interface{}

	// Visit a parse tree produced by HLSLParser#enumerator.
	VisitEnumerator(ctx *EnumeratorContext) interface{}

	// Visit a parse tree produced by HLSLParser#attribute.
	VisitAttribute(ctx *AttributeContext) interface{}

	// Visit a parse tree produced by HLSLParser#attributeItem.
	VisitAttributeItem(ctx *AttributeItemContext) interface{}

	// Visit a parse tree produced by HLSLParser#anyName.
	VisitAnyName(ctx *AnyNameContext) interface{}

	// Visit a parse tree produced by HLSLParser#block.
	VisitBlock(ctx *BlockContext) interface{}

	// Visit a parse tree produced by HLSLParser#statement.
	VisitStatement(ctx *StatementContext) interface{}

	// Visit a parse tree produced by HLSLParser#condition.
	VisitCondition(ctx *ConditionContext) interface{}

	// Visit a parse tree produced by HLSLParser#forInit.
	VisitForInit(ctx *ForInitContext) interface{}

	// Visit a parse tree produced by HLSLParser#expression.
	VisitExpression(ctx *ExpressionContext) interface{}

	// Visit a parse tree produced by HLSLParser#assignmentExpression.
	VisitAssignmentExpression(ctx *AssignmentExpressionContext) interface{}

	// Visit a parse tree produced by HLSLParser#unaryExpression.
	VisitUnaryExpression(ctx *UnaryExpressionContext) interface{}
}
