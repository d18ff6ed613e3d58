package validate

import "github.com/hlsl2spirv/hlsl2spirv/builder"

func (c *checker) checkImage(in *builder.Inst, fn *builder.Function, blk *builder.Block) error {
	return nil
}
func (c *checker) checkConversion(in *builder.Inst, fn *builder.Function, blk *builder.Block) error {
	return nil
}
func (c *checker) checkComposite(in *builder.Inst, fn *builder.Function, blk *builder.Block) error {
	return nil
}
func (c *checker) checkArith(in *builder.Inst, fn *builder.Function, blk *builder.Block) error {
	return nil
}
func (c *checker) checkBitwise(in *builder.Inst, fn *builder.Function, blk *builder.Block) error {
	return nil
}
func (c *checker) checkLogical(in *builder.Inst, fn *builder.Function, blk *builder.Block) error {
	return nil
}
func (c *checker) checkDerivative(in *builder.Inst, fn *builder.Function, blk *builder.Block) error {
	return nil
}
func (c *checker) checkAtomic(in *builder.Inst, fn *builder.Function, blk *builder.Block) error {
	return nil
}
func (c *checker) checkPrimitive(in *builder.Inst, fn *builder.Function, blk *builder.Block) error {
	return nil
}
func (c *checker) checkBarrier(in *builder.Inst, fn *builder.Function, blk *builder.Block) error {
	return nil
}
func (c *checker) checkGroup(in *builder.Inst, fn *builder.Function, blk *builder.Block) error {
	return nil
}
func (c *checker) checkRayTracing(in *builder.Inst, fn *builder.Function, blk *builder.Block) error {
	return nil
}
func (c *checker) checkMesh(in *builder.Inst, fn *builder.Function, blk *builder.Block) error {
	return nil
}
func (c *checker) checkExtInst(in *builder.Inst, fn *builder.Function) error { return nil }
func (c *checker) checkTypeImage(in *builder.Inst) error                     { return nil }
func (c *checker) checkTypeSampledImage(in *builder.Inst) error              { return nil }
func (c *checker) interfaceRules() error                                     { return nil }
func (c *checker) builtinRules() error                                       { return nil }
func (c *checker) executionScope(in *builder.Inst, id ID) error              { return nil }
func (c *checker) memoryScope(in *builder.Inst, id ID) error                 { return nil }
func (c *checker) checkScope(in *builder.Inst, id ID) error                  { return nil }
