// naga (npm naga-wasm) as a command, for side-by-side timings with
// spirv2wgsl:  node test/webgpu/naga.mjs in.spv [out.wgsl]
import { readFileSync, writeFileSync } from 'node:fs';
import { translate } from 'naga-wasm';

const [input, output] = process.argv.slice(2);
const wgsl = translate({ from: 'spirv', to: 'wgsl', source: new Uint8Array(readFileSync(input)) });
if (output) writeFileSync(output, wgsl);
else process.stdout.write(wgsl);
