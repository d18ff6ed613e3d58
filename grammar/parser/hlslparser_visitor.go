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

	// Visit a parse tree produced by HLSLParser#prefixSpecifier.
	VisitPrefixSpecifier(ctx *PrefixSpecifierContext) interface{}

	// Visit a parse tree produced by HLSLParser#functionDeclarator.
	VisitFunctionDeclarator(ctx *FunctionDeclaratorContext) interface{}

	// Visit a parse tree produced by HLSLParser#firstDeclarator.
	VisitFirstDeclarator(ctx *FirstDeclaratorContext) interface{}

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

	// Visit a parse tree produced by HLSLParser#templateArgOp.
	VisitTemplateArgOp(ctx *TemplateArgOpContext) interface{}

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

	// Visit a parse tree produced by HLSLParser#attributedStmt.
	VisitAttributedStmt(ctx *AttributedStmtContext) interface{}

	// Visit a parse tree produced by HLSLParser#blockStmt.
	VisitBlockStmt(ctx *BlockStmtContext) interface{}

	// Visit a parse tree produced by HLSLParser#emptyStmt.
	VisitEmptyStmt(ctx *EmptyStmtContext) interface{}

	// Visit a parse tree produced by HLSLParser#ifStmt.
	VisitIfStmt(ctx *IfStmtContext) interface{}

	// Visit a parse tree produced by HLSLParser#switchStmt.
	VisitSwitchStmt(ctx *SwitchStmtContext) interface{}

	// Visit a parse tree produced by HLSLParser#caseLabel.
	VisitCaseLabel(ctx *CaseLabelContext) interface{}

	// Visit a parse tree produced by HLSLParser#defaultLabel.
	VisitDefaultLabel(ctx *DefaultLabelContext) interface{}

	// Visit a parse tree produced by HLSLParser#whileStmt.
	VisitWhileStmt(ctx *WhileStmtContext) interface{}

	// Visit a parse tree produced by HLSLParser#doStmt.
	VisitDoStmt(ctx *DoStmtContext) interface{}

	// Visit a parse tree produced by HLSLParser#forStmt.
	VisitForStmt(ctx *ForStmtContext) interface{}

	// Visit a parse tree produced by HLSLParser#breakStmt.
	VisitBreakStmt(ctx *BreakStmtContext) interface{}

	// Visit a parse tree produced by HLSLParser#continueStmt.
	VisitContinueStmt(ctx *ContinueStmtContext) interface{}

	// Visit a parse tree produced by HLSLParser#returnStmt.
	VisitReturnStmt(ctx *ReturnStmtContext) interface{}

	// Visit a parse tree produced by HLSLParser#discardStmt.
	VisitDiscardStmt(ctx *DiscardStmtContext) interface{}

	// Visit a parse tree produced by HLSLParser#declStmt.
	VisitDeclStmt(ctx *DeclStmtContext) interface{}

	// Visit a parse tree produced by HLSLParser#usingStmt.
	VisitUsingStmt(ctx *UsingStmtContext) interface{}

	// Visit a parse tree produced by HLSLParser#staticAssertStmt.
	VisitStaticAssertStmt(ctx *StaticAssertStmtContext) interface{}

	// Visit a parse tree produced by HLSLParser#exprStmt.
	VisitExprStmt(ctx *ExprStmtContext) interface{}

	// Visit a parse tree produced by HLSLParser#condition.
	VisitCondition(ctx *ConditionContext) interface{}

	// Visit a parse tree produced by HLSLParser#forInit.
	VisitForInit(ctx *ForInitContext) interface{}

	// Visit a parse tree produced by HLSLParser#expression.
	VisitExpression(ctx *ExpressionContext) interface{}

	// Visit a parse tree produced by HLSLParser#assignmentExpression.
	VisitAssignmentExpression(ctx *AssignmentExpressionContext) interface{}

	// Visit a parse tree produced by HLSLParser#assignOp.
	VisitAssignOp(ctx *AssignOpContext) interface{}

	// Visit a parse tree produced by HLSLParser#binaryOp.
	VisitBinaryOp(ctx *BinaryOpContext) interface{}

	// Visit a parse tree produced by HLSLParser#prefixExpr.
	VisitPrefixExpr(ctx *PrefixExprContext) interface{}

	// Visit a parse tree produced by HLSLParser#castExpr.
	VisitCastExpr(ctx *CastExprContext) interface{}

	// Visit a parse tree produced by HLSLParser#sizeofExpr.
	VisitSizeofExpr(ctx *SizeofExprContext) interface{}

	// Visit a parse tree produced by HLSLParser#postfixExpr.
	VisitPostfixExpr(ctx *PostfixExprContext) interface{}

	// Visit a parse tree produced by HLSLParser#indexOp.
	VisitIndexOp(ctx *IndexOpContext) interface{}

	// Visit a parse tree produced by HLSLParser#callOp.
	VisitCallOp(ctx *CallOpContext) interface{}

	// Visit a parse tree produced by HLSLParser#memberOp.
	VisitMemberOp(ctx *MemberOpContext) interface{}

	// Visit a parse tree produced by HLSLParser#postIncOp.
	VisitPostIncOp(ctx *PostIncOpContext) interface{}

	// Visit a parse tree produced by HLSLParser#postDecOp.
	VisitPostDecOp(ctx *PostDecOpContext) interface{}

	// Visit a parse tree produced by HLSLParser#memberName.
	VisitMemberName(ctx *MemberNameContext) interface{}

	// Visit a parse tree produced by HLSLParser#argumentList.
	VisitArgumentList(ctx *ArgumentListContext) interface{}

	// Visit a parse tree produced by HLSLParser#literalExpr.
	VisitLiteralExpr(ctx *LiteralExprContext) interface{}

	// Visit a parse tree produced by HLSLParser#nameExpr.
	VisitNameExpr(ctx *NameExprContext) interface{}

	// Visit a parse tree produced by HLSLParser#thisExpr.
	VisitThisExpr(ctx *ThisExprContext) interface{}

	// Visit a parse tree produced by HLSLParser#parenExpr.
	VisitParenExpr(ctx *ParenExprContext) interface{}

	// Visit a parse tree produced by HLSLParser#constructExpr.
	VisitConstructExpr(ctx *ConstructExprContext) interface{}

	// Visit a parse tree produced by HLSLParser#literal.
	VisitLiteral(ctx *LiteralContext) interface{}
}
