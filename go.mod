module github.com/hlsl2spirv/hlsl2spirv

go 1.24
