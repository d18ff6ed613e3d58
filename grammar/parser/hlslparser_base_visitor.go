// Code generated from HLSLParser.g4 by ANTLR 4.13.1. DO NOT EDIT.

package parser // HLSLParser
import "github.com/antlr4-go/antlr/v4"

type BaseHLSLParserVisitor struct {
	*antlr.BaseParseTreeVisitor
}

func (v *BaseHLSLParserVisitor) VisitTranslationUnit(ctx *TranslationUnitContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitTopLevelDecl(ctx *TopLevelDeclContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitStaticAssert(ctx *StaticAssertContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitNamespaceDecl(ctx *NamespaceDeclContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitBufferBlock(ctx *BufferBlockContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitUsingDecl(ctx *UsingDeclContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitTemplateDecl(ctx *TemplateDeclContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitTemplateParamList(ctx *TemplateParamListContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitTemplateParam(ctx *TemplateParamContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitDeclaration(ctx *DeclarationContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitDeclSpecifiers(ctx *DeclSpecifiersContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitFunctionDeclarator(ctx *FunctionDeclaratorContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitFunctionTail(ctx *FunctionTailContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitDeclName(ctx *DeclNameContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitDeclScope(ctx *DeclScopeContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitOperatorName(ctx *OperatorNameContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitParamList(ctx *ParamListContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitParam(ctx *ParamContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitInitDeclarator(ctx *InitDeclaratorContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitStateBlock(ctx *StateBlockContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitStateAssignment(ctx *StateAssignmentContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitDeclarator(ctx *DeclaratorContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitArrayDim(ctx *ArrayDimContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitPostfixDecl(ctx *PostfixDeclContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitSemanticArg(ctx *SemanticArgContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitAnnotation(ctx *AnnotationContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitInitializer(ctx *InitializerContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitInitList(ctx *InitListContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitTypeSpec(ctx *TypeSpecContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitTagType(ctx *TagTypeContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitQualifiedType(ctx *QualifiedTypeContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitSimpleType(ctx *SimpleTypeContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitScopePrefix(ctx *ScopePrefixContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitScopeName(ctx *ScopeNameContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitTemplateArgList(ctx *TemplateArgListContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitTemplateArg(ctx *TemplateArgContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitConstArgExpression(ctx *ConstArgExpressionContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitTypeId(ctx *TypeIdContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitStructSpecifier(ctx *StructSpecifierContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitBaseClause(ctx *BaseClauseContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitBaseSpec(ctx *BaseSpecContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitNamedType(ctx *NamedTypeContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitMemberDecl(ctx *MemberDeclContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitEnumSpecifier(ctx *EnumSpecifierContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitEnumerator(ctx *EnumeratorContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitAttribute(ctx *AttributeContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitAttributeItem(ctx *AttributeItemContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitAnyName(ctx *AnyNameContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitBlock(ctx *BlockContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitStatement(ctx *StatementContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitCondition(ctx *ConditionContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitForInit(ctx *ForInitContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitExpression(ctx *ExpressionContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitAssignmentExpression(ctx *AssignmentExpressionContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseHLSLParserVisitor) VisitUnaryExpression(ctx *UnaryExpressionContext) interface{} {
	return v.VisitChildren(ctx)
}
