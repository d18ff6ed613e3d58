// naga (npm naga-wasm) as a command, for side-by-side timings with
// spirv2wgsl:
//
//   node test/webgpu/naga.mjs in.spv [out.wgsl]   translate once
//   node test/webgpu/naga.mjs --time N in.spv     time N in-process translations
//
// --time translates once to warm up, then N times, and prints the
// minimum and median wall and CPU (process user + system) milliseconds
// per translation: node's start-up and the module's loading excluded, as
// go test -bench excludes them.
import { readFileSync, writeFileSync } from 'node:fs';
import { translate } from 'naga-wasm';

const args = process.argv.slice(2);
let runs = 0;
if (args[0] === '--time') {
  runs = Number(args[1]);
  args.splice(0, 2);
}
const [input, output] = args;
const source = new Uint8Array(readFileSync(input));
const once = () => translate({ from: 'spirv', to: 'wgsl', source });

if (runs > 0) {
  once();
  const wall = [], cpu = [];
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage(), t0 = process.hrtime.bigint();
    once();
    wall.push(Number(process.hrtime.bigint() - t0) / 1e6);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1e3);
  }
  const stat = (xs) => {
    xs.sort((a, b) => a - b);
    return `min ${xs[0].toFixed(1)} median ${xs[xs.length >> 1].toFixed(1)}`;
  };
  console.log(`naga-wasm in-process (${runs} runs, ms/translation): wall ${stat(wall)}; cpu ${stat(cpu)}`);
} else {
  const wgsl = once();
  if (output) writeFileSync(output, wgsl);
  else process.stdout.write(wgsl);
}
