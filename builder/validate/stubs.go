package validate

import "github.com/hlsl2spirv/hlsl2spirv/builder"

func (c *checker) checkRayTracing(in *builder.Inst, fn *builder.Function, blk *builder.Block) error {
	return nil
}
func (c *checker) checkMesh(in *builder.Inst, fn *builder.Function, blk *builder.Block) error {
	return nil
}
func (c *checker) interfaceRules() error { return nil }
func (c *checker) builtinRules() error   { return nil }
