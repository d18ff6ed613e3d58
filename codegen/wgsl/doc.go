// Package wgsl translates Vulkan SPIR-V to WGSL: any valid module — the
// project's own, DXC's or glslang's — with vertex, fragment and compute
// entry points, to WGSL that Tint accepts and that computes the same
// results. It imports builder only and knows no HLSL.
//
// Translate takes a builder.Module (TranslateBytes and TranslateWords load
// one); the result is the WGSL text with a description of its entry points
// (stages, @location inputs and outputs), every resource's binding with the
// SPIR-V descriptor it stands for, and the WebGPU features the module
// needs. Input WGSL cannot express is an
// *Error naming the construct ("WGSL cannot express 64-bit floats"), with
// the source position when the module has line information; it is never
// translated to wrong code. A translator bug is an *InternalError.
//
// The translation follows the seeds converting-spirv-to-wgsl.md and
// spirv-io-variables-to-wgsl.md. Files:
//
//   - wgsl.go: the API, Options (where push constants go, one entry
//     point), Result.
//   - module.go: the translator's state; indexing names and decorations;
//     refusing what no WGSL can hold (addressing models, extended
//     instruction sets, stages, recursion); printing the module.
//   - errors.go: Error, InternalError, source positions from OpLine and
//     DebugLine.
//   - names.go: identifiers from OpName, sanitised (reserved words, the
//     reserved "__" prefix, collisions).
//   - types.go: the value form of SPIR-V types (vtype), struct
//     declarations; the scalars WGSL holds in others (16-bit integers in
//     32-bit ones, 64-bit scalars in vec2<u32>).
//   - layout.go: memory forms (mtype): explicit layouts of host-shareable
//     memory (@size, strided arrays and matrices wrapped in structs,
//     vectors split where WGSL cannot align them, empty structs dropped),
//     RowMajor matrices as their transpose, atomic<T>; the helper
//     functions converting whole values between forms.
//   - raw.go: buffers whose layout has no WGSL type (16-bit members,
//     fxc's packing, odd strides) as 32-bit words, read and written at the
//     byte offsets of the decorations; half-word stores as atomics.
//   - physical.go: physical pointers (PhysicalStorageBuffer64) as byte
//     offsets into one storage buffer of words the application binds;
//     a pointer value is its 64-bit address.
//   - wide.go: 64-bit integers as vec2<u32> words and their exact
//     arithmetic, conversions and switches.
//   - f64.go: 64-bit floats as their bits, with +, -, *, /, comparisons
//     and conversions computed exactly (round to nearest even).
//   - consts.go: literals, composite constants, spec constants as
//     override, OpSpecConstantOp.
//   - globals.go: module-scope variables (private, workgroup, uniform and
//     storage buffers with their access mode, push constants as the options
//     say); which memory is accessed atomically or written.
//   - bindings.go: every resource's @group and @binding: shared bindings
//     moved to free ones (unless Options.StrictBindings), descriptor array
//     elements at consecutive bindings, added resources at free ones; the
//     report in Result.Bindings and the WGSL's header.
//   - handles.go: textures and samplers traced to their variables and
//     parameters, their WGSL types inferred from use (depth, comparison,
//     storage format and access), combined image samplers split, 1D
//     images WGSL's texture_1d cannot serve declared as 2D ones.
//   - descarray.go: descriptor arrays as one variable per element; a
//     run-time index as a switch over the elements around the instruction
//     using it.
//   - texel.go: texel buffers as storage buffers of their texels, or of
//     the 32-bit words of 8- and 16-bit components, packed and unpacked.
//   - io.go: entry points — private variables for Input and Output, the
//     wrapper with @builtin and @location parameters and its result struct,
//     builtin signedness, point size, sample mask, clip distances, the
//     draw parameters (BaseVertex...) from a uniform buffer,
//     locations shared through Component decorations merged into one
//     vector, workgroup size, execution modes (early fragment tests
//     where nothing in the shader could observe when the tests ran, float
//     controls in modules without floating-point operations).
//   - func.go: functions and value placement (inline, let, hoisted var,
//     phis as vars).
//   - structure.go: structured control flow (if, switch with fallthrough
//     duplicated, loop with continuing and break if; break, continue and
//     return out of nested constructs; exits WGSL's break cannot take
//     through guard flags; a never-taken exit for loops nothing leaves).
//   - refs.go: pointers as WGSL references, access chains through memory
//     forms, loads and stores.
//   - expr.go: instructions: arithmetic with signedness rectified,
//     conversions, composites, memory, calls, barriers, derivatives.
//   - image.go: image instructions (coordinates split into coordinates,
//     array layer and projection; depth results widened; queries; 1D
//     images declared 2D accessed along their row; sparse residency as
//     the plain instructions, every texel resident).
//   - lod.go: level-of-detail queries (OpImageQueryLod) computed from the
//     coordinates' derivatives and the texture's size, as the Vulkan
//     specification defines the level of detail.
//   - glsl.go: GLSL.std.450, with polyfills (NMin/NMax/NClamp, Modf and
//     Frexp structs, MatrixInverse...).
//   - sync.go: atomics (strong compare-exchange over WGSL's weak one) and
//     subgroup operations.
//   - quad.go: compute shaders' derivative groups: derivatives, quad
//     operations and implicit-LOD sampling through workgroup memory
//     between barriers; the uniform-control-flow test barriers need.
//   - ast.go: the statement tree and expression precedence.
//
// The package's lookup tables (maps) are built on first use (lazy, in
// names.go), not at package initialization: every process that
// links the package, most of which compile HLSL to SPIR-V alone, would
// pay for them at start.
package wgsl
