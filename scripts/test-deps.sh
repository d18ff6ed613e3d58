#!/usr/bin/env bash
# Installs the external tools the tests need when they are missing.
# Debian packages go through apt-get (as root, or with sudo); npm packages
# through `npm ci` in test/. When neither is possible it prints what to install,
# and the tests that need a missing tool skip (or fail under CI=true).
set -u
cd "$(dirname "$0")/.."

need_apt=()
have() { command -v "$1" >/dev/null 2>&1; }
have spirv-val        || need_apt+=(spirv-tools)
have glslangValidator || need_apt+=(glslang-tools)
have FileCheck-16 || [ -x /usr/lib/llvm-16/bin/FileCheck ] || need_apt+=(llvm-16-tools)
have cc               || need_apt+=(gcc)
have clang            || need_apt+=(clang)   # an oracle for the preprocessor tests
[ -e /usr/include/vulkan/vulkan.h ] || need_apt+=(libvulkan-dev)
ls /usr/share/vulkan/icd.d/lvp_icd*.json >/dev/null 2>&1 || need_apt+=(mesa-vulkan-drivers)
have java             || need_apt+=(default-jre-headless) # the ANTLR tool: TestGeneratedParserIsCurrent
have node             || need_apt+=(nodejs)  # Tint (webgpu) and naga-wasm for the WGSL tests
have npm              || need_apt+=(npm)
have git              || need_apt+=(git)

if [ ${#need_apt[@]} -gt 0 ]; then
  sudo=""
  if [ "$(id -u)" != 0 ]; then
    if have sudo && sudo -n true 2>/dev/null; then sudo="sudo -n"; else sudo="none"; fi
  fi
  if [ "$sudo" = none ]; then
    echo "test-deps: missing Debian packages: ${need_apt[*]}"
    echo "test-deps: install them with: sudo apt-get install -y ${need_apt[*]}"
  else
    echo "test-deps: installing ${need_apt[*]}"
    $sudo apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need_apt[@]}" >/dev/null || {
      echo "test-deps: apt-get install failed for: ${need_apt[*]}"; }
  fi
fi

if [ -f test/package.json ]; then
  if [ ! -d test/node_modules ] || [ test/package-lock.json -nt test/node_modules ]; then
    if have npm; then
      echo "test-deps: npm ci in test/"
      (cd test && npm ci --no-audit --no-fund --loglevel=error >/dev/null) || echo "test-deps: npm ci failed"
    else
      echo "test-deps: npm missing; install Node.js and run: (cd test && npm ci)"
    fi
  fi
fi
exit 0
