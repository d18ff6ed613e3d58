/*
 * runner: runs one compute dispatch of a SPIR-V module on a Vulkan device and
 * writes every resource back to a file.
 *
 * It knows nothing about HLSL or about the module's contents: the Go side
 * (package test/exec) reflects the module and writes a job file naming each
 * descriptor (set, binding, kind, Vulkan format, sizes, input and output
 * files), the push constant bytes, the specialization constants, the entry
 * point and the dispatch size. Built at test time with `cc -O1 runner.c
 * -lvulkan` so that the Go module stays cgo-free.
 *
 * Usage: runner JOBFILE, or runner --serve to read job file paths from stdin
 * (one a line) and answer "ok" on stdout after each, on one device.
 * Exit 0 on success; on any error it prints one line "runner: ..." to stderr
 * and exits 1 (2 when no Vulkan device could be created at all, so the Go
 * side can skip instead of fail).
 *
 * Job file lines (whitespace separated; every file is raw little-endian bytes):
 *   module PATH
 *   entry NAME
 *   dispatch X Y Z
 *   push SIZE INFILE
 *   spec ID SIZE VALUE_HEX            (VALUE_HEX: the constant's bits, up to 64)
 *   buffer SET BINDING ubo|ssbo SIZE INFILE|- OUTFILE|-
 *   texel SET BINDING uniform|storage VKFORMAT SIZE INFILE|- OUTFILE|-
 *   image SET BINDING storage|sampled|combined VKFORMAT VIEWTYPE W H D LAYERS
 *         TEXELBYTES INFILE|- OUTFILE|- FILTER ADDRESS
 *   sampler SET BINDING FILTER ADDRESS
 * FILTER is a VkFilter number, ADDRESS a VkSamplerAddressMode number.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vulkan/vulkan.h>

static void die(int code, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("runner: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  exit(code);
}

static const char *vkresult_name(VkResult r) {
  switch (r) {
  case VK_SUCCESS: return "VK_SUCCESS";
  case VK_ERROR_OUT_OF_HOST_MEMORY: return "VK_ERROR_OUT_OF_HOST_MEMORY";
  case VK_ERROR_OUT_OF_DEVICE_MEMORY: return "VK_ERROR_OUT_OF_DEVICE_MEMORY";
  case VK_ERROR_INITIALIZATION_FAILED: return "VK_ERROR_INITIALIZATION_FAILED";
  case VK_ERROR_DEVICE_LOST: return "VK_ERROR_DEVICE_LOST";
  case VK_ERROR_LAYER_NOT_PRESENT: return "VK_ERROR_LAYER_NOT_PRESENT";
  case VK_ERROR_EXTENSION_NOT_PRESENT: return "VK_ERROR_EXTENSION_NOT_PRESENT";
  case VK_ERROR_FEATURE_NOT_PRESENT: return "VK_ERROR_FEATURE_NOT_PRESENT";
  case VK_ERROR_INCOMPATIBLE_DRIVER: return "VK_ERROR_INCOMPATIBLE_DRIVER";
  case VK_ERROR_FORMAT_NOT_SUPPORTED: return "VK_ERROR_FORMAT_NOT_SUPPORTED";
  case VK_ERROR_INVALID_SHADER_NV: return "VK_ERROR_INVALID_SHADER_NV";
  case VK_TIMEOUT: return "VK_TIMEOUT";
  default: return "VkResult(?)";
  }
}

#define CHECK(call)                                                            \
  do {                                                                         \
    VkResult r_ = (call);                                                      \
    if (r_ != VK_SUCCESS)                                                      \
      die(1, "%s failed: %s (%d)", #call, vkresult_name(r_), (int)r_);         \
  } while (0)

enum kind { K_UBO, K_SSBO, K_UTEXEL, K_STEXEL, K_SIMAGE, K_TIMAGE, K_COMBINED, K_SAMPLER };

struct resource {
  enum kind kind;
  uint32_t set, binding, elem; /* elem: the element of a descriptor array */
  VkFormat format;
  VkImageViewType view_type;
  uint32_t w, h, d, layers, texel_bytes;
  VkDeviceSize size;
  char in[1024], out[1024];
  VkFilter filter;
  VkSamplerAddressMode address;

  VkBuffer buffer;
  VkDeviceMemory memory;
  void *mapped;
  VkBufferView buffer_view;
  VkImage image;
  VkDeviceMemory image_memory;
  VkImageView image_view;
  VkSampler sampler;
};

#define MAX_RES 64
#define MAX_SETS 8
#define MAX_SPEC 64

static struct resource res[MAX_RES];
static int nres;
static char module_path[1024], entry[256] = "main";
static uint32_t groups[3] = {1, 1, 1};
static unsigned char *push_data;
static uint32_t push_size;
static VkSpecializationMapEntry spec_entries[MAX_SPEC];
static unsigned char spec_data[MAX_SPEC * 8];
static uint32_t nspec, spec_size;

static unsigned char *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) die(1, "cannot open %s", path);
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  unsigned char *buf = malloc(n > 0 ? n : 1);
  if (n > 0 && fread(buf, 1, n, f) != (size_t)n) die(1, "cannot read %s", path);
  fclose(f);
  *len = (size_t)n;
  return buf;
}

static void write_file(const char *path, const void *data, size_t len) {
  FILE *f = fopen(path, "wb");
  if (!f) die(1, "cannot create %s", path);
  if (len && fwrite(data, 1, len, f) != len) die(1, "cannot write %s", path);
  fclose(f);
}

/* pending_elem is the element (of a descriptor array) that an "element N"
 * line gives the next resource line. */
static uint32_t pending_elem;

static void parse_job(const char *path) {
  pending_elem = 0;
  FILE *f = fopen(path, "r");
  if (!f) die(1, "cannot open job file %s", path);
  char line[4096];
  int lineno = 0;
  while (fgets(line, sizeof line, f)) {
    lineno++;
    char word[64];
    if (sscanf(line, "%63s", word) != 1 || word[0] == '#') continue;
    struct resource *r = &res[nres];
    char kind[32];
    int ok = 0;
    if (!strcmp(word, "module")) {
      ok = sscanf(line, "%*s %1023s", module_path) == 1;
    } else if (!strcmp(word, "entry")) {
      ok = sscanf(line, "%*s %255s", entry) == 1;
    } else if (!strcmp(word, "dispatch")) {
      ok = sscanf(line, "%*s %u %u %u", &groups[0], &groups[1], &groups[2]) == 3;
    } else if (!strcmp(word, "push")) {
      char in[1024];
      ok = sscanf(line, "%*s %u %1023s", &push_size, in) == 2;
      if (ok) {
        size_t n;
        push_data = read_file(in, &n);
        if (n != push_size) die(1, "job line %d: push file has %zu bytes, want %u", lineno, n, push_size);
      }
    } else if (!strcmp(word, "spec")) {
      unsigned id, size;
      unsigned long long value;
      ok = sscanf(line, "%*s %u %u %llx", &id, &size, &value) == 3 && (size == 1 || size == 2 || size == 4 || size == 8);
      if (ok) {
        if (nspec == MAX_SPEC) die(1, "too many specialization constants");
        spec_entries[nspec].constantID = id;
        spec_entries[nspec].offset = spec_size;
        spec_entries[nspec].size = size;
        memcpy(spec_data + spec_size, &value, size); /* little-endian host */
        spec_size += 8;
        nspec++;
      }
    } else if (!strcmp(word, "element")) {
      ok = sscanf(line, "%*s %u", &pending_elem) == 1;
      goto next_line;
    } else if (!strcmp(word, "buffer")) {
      unsigned long long size;
      ok = sscanf(line, "%*s %u %u %31s %llu %1023s %1023s", &r->set, &r->binding, kind, &size, r->in, r->out) == 6;
      r->size = size;
      if (ok && !strcmp(kind, "ubo")) r->kind = K_UBO;
      else if (ok && !strcmp(kind, "ssbo")) r->kind = K_SSBO;
      else ok = 0;
      if (ok) nres++;
    } else if (!strcmp(word, "texel")) {
      unsigned long long size;
      unsigned fmt;
      ok = sscanf(line, "%*s %u %u %31s %u %llu %1023s %1023s", &r->set, &r->binding, kind, &fmt, &size, r->in, r->out) == 7;
      r->size = size;
      r->format = (VkFormat)fmt;
      if (ok && !strcmp(kind, "uniform")) r->kind = K_UTEXEL;
      else if (ok && !strcmp(kind, "storage")) r->kind = K_STEXEL;
      else ok = 0;
      if (ok) nres++;
    } else if (!strcmp(word, "image")) {
      unsigned fmt, vt, filter, address;
      ok = sscanf(line, "%*s %u %u %31s %u %u %u %u %u %u %u %1023s %1023s %u %u", &r->set, &r->binding, kind, &fmt, &vt,
                  &r->w, &r->h, &r->d, &r->layers, &r->texel_bytes, r->in, r->out, &filter, &address) == 14;
      r->format = (VkFormat)fmt;
      r->view_type = (VkImageViewType)vt;
      r->filter = (VkFilter)filter;
      r->address = (VkSamplerAddressMode)address;
      if (ok && !strcmp(kind, "storage")) r->kind = K_SIMAGE;
      else if (ok && !strcmp(kind, "sampled")) r->kind = K_TIMAGE;
      else if (ok && !strcmp(kind, "combined")) r->kind = K_COMBINED;
      else ok = 0;
      if (ok) nres++;
    } else if (!strcmp(word, "sampler")) {
      unsigned filter, address;
      ok = sscanf(line, "%*s %u %u %u %u", &r->set, &r->binding, &filter, &address) == 4;
      r->kind = K_SAMPLER;
      r->filter = (VkFilter)filter;
      r->address = (VkSamplerAddressMode)address;
      if (ok) nres++;
    }
    if (ok && nres > 0 && &res[nres - 1] == r) { /* a resource line takes the pending element */
      r->elem = pending_elem;
      pending_elem = 0;
    }
  next_line:
    if (!ok) die(1, "job line %d: cannot parse: %s", lineno, line);
    if (nres == MAX_RES) die(1, "too many resources");
  }
  fclose(f);
  if (!module_path[0]) die(1, "job has no module line");
  for (int i = 0; i < nres; i++)
    if (res[i].set >= MAX_SETS) die(1, "descriptor set %u is beyond the runner's limit of %d", res[i].set, MAX_SETS);
}

static VkInstance instance;
static VkPhysicalDevice phys;
static VkDevice device;
static VkQueue queue;
static uint32_t queue_family;
static VkPhysicalDeviceMemoryProperties memprops;
static VkCommandPool pool;
static VkCommandBuffer cmd;

static int has_ext(VkExtensionProperties *exts, uint32_t n, const char *name) {
  for (uint32_t i = 0; i < n; i++)
    if (!strcmp(exts[i].extensionName, name)) return 1;
  return 0;
}

/* Optional device extensions: enabled when the device has them, because a
 * module may declare their capabilities (float atomics, etc.). */
static const char *optional_exts[] = {
    "VK_EXT_shader_atomic_float",
    "VK_EXT_shader_atomic_float2",
    "VK_KHR_shader_subgroup_extended_types",
    "VK_EXT_shader_subgroup_ballot",
    "VK_EXT_shader_subgroup_vote",
    "VK_KHR_shader_clock",
    "VK_EXT_scalar_block_layout",
    "VK_KHR_variable_pointers",
    "VK_KHR_storage_buffer_storage_class",
    "VK_KHR_shader_non_semantic_info",
    "VK_EXT_shader_image_atomic_int64",
    "VK_KHR_shader_integer_dot_product",
    "VK_KHR_workgroup_memory_explicit_layout",
};

static void create_device(void) {
  VkApplicationInfo app = {VK_STRUCTURE_TYPE_APPLICATION_INFO};
  app.pApplicationName = "hlsl2spirv-exec-runner";
  uint32_t api = VK_API_VERSION_1_1;
  PFN_vkEnumerateInstanceVersion eiv = (PFN_vkEnumerateInstanceVersion)vkGetInstanceProcAddr(NULL, "vkEnumerateInstanceVersion");
  if (eiv) eiv(&api);
  if (api > VK_API_VERSION_1_3) api = VK_API_VERSION_1_3;
  app.apiVersion = api;
  VkInstanceCreateInfo ici = {VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  ici.pApplicationInfo = &app;
  VkResult r = vkCreateInstance(&ici, NULL, &instance);
  if (r != VK_SUCCESS) die(2, "no Vulkan driver: vkCreateInstance failed: %s", vkresult_name(r));

  uint32_t n = 0;
  vkEnumeratePhysicalDevices(instance, &n, NULL);
  if (n == 0) die(2, "no Vulkan device (install mesa-vulkan-drivers for lavapipe)");
  VkPhysicalDevice devs[16];
  if (n > 16) n = 16;
  vkEnumeratePhysicalDevices(instance, &n, devs);
  /* Prefer a CPU device (lavapipe): it is the one the tests are written for. */
  phys = devs[0];
  for (uint32_t i = 0; i < n; i++) {
    VkPhysicalDeviceProperties p;
    vkGetPhysicalDeviceProperties(devs[i], &p);
    if (p.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU) { phys = devs[i]; break; }
  }
  VkPhysicalDeviceProperties props;
  vkGetPhysicalDeviceProperties(phys, &props);
  if (props.apiVersion < VK_API_VERSION_1_1) die(2, "device %s supports only Vulkan %u.%u", props.deviceName,
                                                 VK_VERSION_MAJOR(props.apiVersion), VK_VERSION_MINOR(props.apiVersion));
  uint32_t dev_api = props.apiVersion < api ? props.apiVersion : api;
  vkGetPhysicalDeviceMemoryProperties(phys, &memprops);

  uint32_t nq = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(phys, &nq, NULL);
  VkQueueFamilyProperties qf[16];
  if (nq > 16) nq = 16;
  vkGetPhysicalDeviceQueueFamilyProperties(phys, &nq, qf);
  queue_family = UINT32_MAX;
  for (uint32_t i = 0; i < nq; i++)
    if (qf[i].queueFlags & VK_QUEUE_COMPUTE_BIT) { queue_family = i; break; }
  if (queue_family == UINT32_MAX) die(2, "device %s has no compute queue", props.deviceName);

  uint32_t next = 0;
  vkEnumerateDeviceExtensionProperties(phys, NULL, &next, NULL);
  VkExtensionProperties *exts = calloc(next ? next : 1, sizeof *exts);
  vkEnumerateDeviceExtensionProperties(phys, NULL, &next, exts);
  const char *enabled[32];
  uint32_t nenabled = 0;
  for (size_t i = 0; i < sizeof optional_exts / sizeof *optional_exts; i++)
    if (has_ext(exts, next, optional_exts[i])) enabled[nenabled++] = optional_exts[i];

  /* Enable every feature the device has: the module decides what it uses. */
  VkPhysicalDeviceFeatures2 f2 = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
  VkPhysicalDeviceVulkan11Features f11 = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES};
  VkPhysicalDeviceVulkan12Features f12 = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
  VkPhysicalDeviceVulkan13Features f13 = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES};
  VkPhysicalDeviceShaderAtomicFloatFeaturesEXT faf = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_FLOAT_FEATURES_EXT};
  VkPhysicalDeviceShaderAtomicFloat2FeaturesEXT faf2 = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_FLOAT_2_FEATURES_EXT};
  void **tail = &f2.pNext;
  if (dev_api >= VK_API_VERSION_1_2) {
    *tail = &f11; tail = &f11.pNext;
    *tail = &f12; tail = &f12.pNext;
  } else {
    /* Vulkan 1.1 has no VkPhysicalDeviceVulkan11Features; the 16-bit storage
     * and variable pointer structs would go here. Lavapipe is 1.3. */
  }
  if (dev_api >= VK_API_VERSION_1_3) { *tail = &f13; tail = &f13.pNext; }
  if (has_ext(exts, next, "VK_EXT_shader_atomic_float")) { *tail = &faf; tail = &faf.pNext; }
  if (has_ext(exts, next, "VK_EXT_shader_atomic_float2")) { *tail = &faf2; tail = &faf2.pNext; }
  vkGetPhysicalDeviceFeatures2(phys, &f2);
  /* Robustness changes out-of-bounds behaviour that tests may check;
   * leave robustBufferAccess as the driver reports it (lavapipe: supported,
   * but enabling it only makes out-of-bounds accesses defined). */

  float prio = 1.0f;
  VkDeviceQueueCreateInfo qci = {VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
  qci.queueFamilyIndex = queue_family;
  qci.queueCount = 1;
  qci.pQueuePriorities = &prio;
  VkDeviceCreateInfo dci = {VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
  dci.pNext = &f2;
  dci.queueCreateInfoCount = 1;
  dci.pQueueCreateInfos = &qci;
  dci.enabledExtensionCount = nenabled;
  dci.ppEnabledExtensionNames = enabled;
  r = vkCreateDevice(phys, &dci, NULL, &device);
  if (r != VK_SUCCESS) die(2, "vkCreateDevice on %s failed: %s", props.deviceName, vkresult_name(r));
  free(exts);
  vkGetDeviceQueue(device, queue_family, 0, &queue);

  VkCommandPoolCreateInfo pci = {VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  pci.queueFamilyIndex = queue_family;
  CHECK(vkCreateCommandPool(device, &pci, NULL, &pool));
  VkCommandBufferAllocateInfo cai = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
  cai.commandPool = pool;
  cai.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  cai.commandBufferCount = 1;
  CHECK(vkAllocateCommandBuffers(device, &cai, &cmd));
}

static uint32_t memory_type(uint32_t bits, VkMemoryPropertyFlags want) {
  for (uint32_t i = 0; i < memprops.memoryTypeCount; i++)
    if ((bits & (1u << i)) && (memprops.memoryTypes[i].propertyFlags & want) == want) return i;
  die(1, "no memory type with properties 0x%x", want);
  return 0;
}

/* A host-visible, coherent buffer, mapped for its whole life. */
static void make_buffer(VkDeviceSize size, VkBufferUsageFlags usage, VkBuffer *buf, VkDeviceMemory *mem, void **mapped) {
  if (size == 0) size = 4;
  VkBufferCreateInfo bci = {VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  bci.size = size;
  bci.usage = usage;
  CHECK(vkCreateBuffer(device, &bci, NULL, buf));
  VkMemoryRequirements req;
  vkGetBufferMemoryRequirements(device, *buf, &req);
  VkMemoryAllocateInfo mai = {VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  mai.allocationSize = req.size;
  mai.memoryTypeIndex = memory_type(req.memoryTypeBits, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
  CHECK(vkAllocateMemory(device, &mai, NULL, mem));
  CHECK(vkBindBufferMemory(device, *buf, *mem, 0));
  CHECK(vkMapMemory(device, *mem, 0, VK_WHOLE_SIZE, 0, mapped));
  memset(*mapped, 0, size);
}

static void fill(const char *in, void *dst, VkDeviceSize size, const char *what) {
  if (!strcmp(in, "-")) return;
  size_t n;
  unsigned char *data = read_file(in, &n);
  if (n > size) die(1, "%s: %zu bytes of data for %llu bytes", what, n, (unsigned long long)size);
  memcpy(dst, data, n);
  free(data);
}

static VkImageType image_type(VkImageViewType vt) {
  switch (vt) {
  case VK_IMAGE_VIEW_TYPE_1D:
  case VK_IMAGE_VIEW_TYPE_1D_ARRAY: return VK_IMAGE_TYPE_1D;
  case VK_IMAGE_VIEW_TYPE_3D: return VK_IMAGE_TYPE_3D;
  default: return VK_IMAGE_TYPE_2D;
  }
}

static VkSampler make_sampler(VkFilter filter, VkSamplerAddressMode address) {
  VkSamplerCreateInfo sci = {VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
  sci.magFilter = sci.minFilter = filter;
  sci.mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST;
  sci.addressModeU = sci.addressModeV = sci.addressModeW = address;
  sci.maxLod = 0.0f;
  sci.borderColor = VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK;
  VkSampler s;
  CHECK(vkCreateSampler(device, &sci, NULL, &s));
  return s;
}

static void begin(void) {
  VkCommandBufferBeginInfo bi = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  bi.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  CHECK(vkBeginCommandBuffer(cmd, &bi));
}

static void submit_and_wait(void) {
  CHECK(vkEndCommandBuffer(cmd));
  VkFenceCreateInfo fci = {VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
  VkFence fence;
  CHECK(vkCreateFence(device, &fci, NULL, &fence));
  VkSubmitInfo si = {VK_STRUCTURE_TYPE_SUBMIT_INFO};
  si.commandBufferCount = 1;
  si.pCommandBuffers = &cmd;
  CHECK(vkQueueSubmit(queue, 1, &si, fence));
  /* RUNNER_DISPATCH_TIMEOUT (seconds, default 20): a long random-program
     campaign on a loaded machine waits longer */
  unsigned long long secs = 20;
  const char *env = getenv("RUNNER_DISPATCH_TIMEOUT");
  if (env && strtoull(env, NULL, 10) > 0) secs = strtoull(env, NULL, 10);
  VkResult r = vkWaitForFences(device, 1, &fence, VK_TRUE, secs * 1000 * 1000 * 1000);
  if (r != VK_SUCCESS) die(1, "waiting for the dispatch: %s after %llu s (a shader that never ends?)", vkresult_name(r), secs);
  vkDestroyFence(device, fence, NULL);
  CHECK(vkResetCommandBuffer(cmd, 0));
}

static void image_barrier(VkImage img, VkImageLayout from, VkImageLayout to, VkAccessFlags src, VkAccessFlags dst,
                          VkPipelineStageFlags sstage, VkPipelineStageFlags dstage) {
  VkImageMemoryBarrier b = {VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER};
  b.srcAccessMask = src;
  b.dstAccessMask = dst;
  b.oldLayout = from;
  b.newLayout = to;
  b.srcQueueFamilyIndex = b.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
  b.image = img;
  b.subresourceRange.aspectMask = VK_IMAGE_ASPECT_COLOR_BIT;
  b.subresourceRange.levelCount = 1;
  b.subresourceRange.layerCount = VK_REMAINING_ARRAY_LAYERS;
  vkCmdPipelineBarrier(cmd, sstage, dstage, 0, 0, NULL, 0, NULL, 1, &b);
}

static VkBufferImageCopy image_copy_region(struct resource *r) {
  VkBufferImageCopy c = {0};
  c.imageSubresource.aspectMask = VK_IMAGE_ASPECT_COLOR_BIT;
  c.imageSubresource.layerCount = r->layers;
  c.imageExtent.width = r->w;
  c.imageExtent.height = r->h;
  c.imageExtent.depth = r->d;
  return c;
}

static void create_resources(void) {
  for (int i = 0; i < nres; i++) {
    struct resource *r = &res[i];
    char what[64];
    snprintf(what, sizeof what, "set %u binding %u", r->set, r->binding);
    switch (r->kind) {
    case K_UBO:
    case K_SSBO:
      make_buffer(r->size, (r->kind == K_UBO ? VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT : VK_BUFFER_USAGE_STORAGE_BUFFER_BIT),
                  &r->buffer, &r->memory, &r->mapped);
      fill(r->in, r->mapped, r->size, what);
      break;
    case K_UTEXEL:
    case K_STEXEL: {
      VkFormatProperties fp;
      vkGetPhysicalDeviceFormatProperties(phys, r->format, &fp);
      VkFormatFeatureFlags need = r->kind == K_UTEXEL ? VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT : VK_FORMAT_FEATURE_STORAGE_TEXEL_BUFFER_BIT;
      if (!(fp.bufferFeatures & need)) die(1, "%s: VkFormat %d cannot be used for this texel buffer", what, r->format);
      make_buffer(r->size, r->kind == K_UTEXEL ? VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT : VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT,
                  &r->buffer, &r->memory, &r->mapped);
      fill(r->in, r->mapped, r->size, what);
      VkBufferViewCreateInfo vci = {VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO};
      vci.buffer = r->buffer;
      vci.format = r->format;
      vci.range = VK_WHOLE_SIZE;
      CHECK(vkCreateBufferView(device, &vci, NULL, &r->buffer_view));
      break;
    }
    case K_SIMAGE:
    case K_TIMAGE:
    case K_COMBINED: {
      r->size = (VkDeviceSize)r->w * r->h * r->d * r->layers * r->texel_bytes;
      make_buffer(r->size, VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT, &r->buffer, &r->memory, &r->mapped);
      fill(r->in, r->mapped, r->size, what);
      VkImageCreateInfo ici = {VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
      ici.imageType = image_type(r->view_type);
      if (r->view_type == VK_IMAGE_VIEW_TYPE_CUBE || r->view_type == VK_IMAGE_VIEW_TYPE_CUBE_ARRAY)
        ici.flags = VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT;
      ici.format = r->format;
      ici.extent.width = r->w;
      ici.extent.height = r->h;
      ici.extent.depth = r->d;
      ici.mipLevels = 1;
      ici.arrayLayers = r->layers;
      ici.samples = VK_SAMPLE_COUNT_1_BIT;
      ici.tiling = VK_IMAGE_TILING_OPTIMAL;
      ici.usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT |
                  (r->kind == K_SIMAGE ? VK_IMAGE_USAGE_STORAGE_BIT : VK_IMAGE_USAGE_SAMPLED_BIT);
      VkImageFormatProperties ifp;
      VkResult fr = vkGetPhysicalDeviceImageFormatProperties(phys, ici.format, ici.imageType, ici.tiling, ici.usage, ici.flags, &ifp);
      if (fr != VK_SUCCESS) die(1, "%s: VkFormat %d is not supported for this image: %s", what, r->format, vkresult_name(fr));
      CHECK(vkCreateImage(device, &ici, NULL, &r->image));
      VkMemoryRequirements req;
      vkGetImageMemoryRequirements(device, r->image, &req);
      VkMemoryAllocateInfo mai = {VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
      mai.allocationSize = req.size;
      mai.memoryTypeIndex = memory_type(req.memoryTypeBits, 0);
      CHECK(vkAllocateMemory(device, &mai, NULL, &r->image_memory));
      CHECK(vkBindImageMemory(device, r->image, r->image_memory, 0));
      VkImageViewCreateInfo vci = {VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
      vci.image = r->image;
      vci.viewType = r->view_type;
      vci.format = r->format;
      vci.subresourceRange.aspectMask = VK_IMAGE_ASPECT_COLOR_BIT;
      vci.subresourceRange.levelCount = 1;
      vci.subresourceRange.layerCount = r->layers;
      CHECK(vkCreateImageView(device, &vci, NULL, &r->image_view));
      if (r->kind == K_COMBINED) r->sampler = make_sampler(r->filter, r->address);
      /* Upload through the staging buffer and leave the image in the layout
       * its descriptor uses. */
      begin();
      image_barrier(r->image, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 0, VK_ACCESS_TRANSFER_WRITE_BIT,
                    VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT);
      VkBufferImageCopy c = image_copy_region(r);
      vkCmdCopyBufferToImage(cmd, r->buffer, r->image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &c);
      image_barrier(r->image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                    r->kind == K_SIMAGE ? VK_IMAGE_LAYOUT_GENERAL : VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,
                    VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT,
                    VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT);
      submit_and_wait();
      break;
    }
    case K_SAMPLER:
      r->sampler = make_sampler(r->filter, r->address);
      break;
    }
  }
}

static VkDescriptorType descriptor_type(enum kind k) {
  switch (k) {
  case K_UBO: return VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
  case K_SSBO: return VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
  case K_UTEXEL: return VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER;
  case K_STEXEL: return VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER;
  case K_SIMAGE: return VK_DESCRIPTOR_TYPE_STORAGE_IMAGE;
  case K_TIMAGE: return VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE;
  case K_COMBINED: return VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
  case K_SAMPLER: return VK_DESCRIPTOR_TYPE_SAMPLER;
  }
  return VK_DESCRIPTOR_TYPE_MAX_ENUM;
}

/* Per-job Vulkan objects, destroyed by finish_job. */
static VkDescriptorSetLayout layouts[MAX_SETS];
static uint32_t nlayouts;
static VkDescriptorPool dpool;
static VkShaderModule sm;
static VkPipelineLayout pl;
static VkPipeline pipe;

/* run_job runs one job file from start to finish. Any error exits the
 * process (in serve mode the Go side starts a new runner). */
static void run_job(const char *path) {
  parse_job(path);
  create_resources();

  /* Descriptor set layouts: one per set number up to the highest used. */
  uint32_t nsets = 0;
  for (int i = 0; i < nres; i++) {
    if (res[i].set + 1 > nsets) nsets = res[i].set + 1;
  }
  VkDescriptorPoolSize sizes[8] = {0};
  for (uint32_t s = 0; s < nsets; s++) {
    VkDescriptorSetLayoutBinding b[MAX_RES];
    uint32_t nb = 0;
    for (int i = 0; i < nres; i++) {
      if (res[i].set != s) continue;
      sizes[res[i].kind].type = descriptor_type(res[i].kind);
      sizes[res[i].kind].descriptorCount++;
      /* the elements of a descriptor array share one binding */
      uint32_t k = 0;
      while (k < nb && b[k].binding != res[i].binding) k++;
      if (k == nb) {
        memset(&b[nb], 0, sizeof b[nb]);
        b[nb].binding = res[i].binding;
        b[nb].descriptorType = descriptor_type(res[i].kind);
        b[nb].stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
        nb++;
      }
      if (res[i].elem + 1 > b[k].descriptorCount) b[k].descriptorCount = res[i].elem + 1;
    }
    VkDescriptorSetLayoutCreateInfo lci = {VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    lci.bindingCount = nb;
    lci.pBindings = b;
    CHECK(vkCreateDescriptorSetLayout(device, &lci, NULL, &layouts[s]));
    nlayouts = s + 1;
  }
  VkDescriptorPoolSize pool_sizes[8];
  uint32_t npool = 0;
  for (int k = 0; k < 8; k++)
    if (sizes[k].descriptorCount) pool_sizes[npool++] = sizes[k];
  VkDescriptorSet sets[MAX_SETS];
  if (nsets) {
    VkDescriptorPoolCreateInfo dpci = {VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
    dpci.maxSets = nsets;
    dpci.poolSizeCount = npool;
    dpci.pPoolSizes = pool_sizes;
    if (npool == 0) { /* only empty sets: a pool still needs one size */
      pool_sizes[0].type = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
      pool_sizes[0].descriptorCount = 1;
      dpci.poolSizeCount = 1;
    }
    CHECK(vkCreateDescriptorPool(device, &dpci, NULL, &dpool));
    VkDescriptorSetAllocateInfo dsai = {VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
    dsai.descriptorPool = dpool;
    dsai.descriptorSetCount = nsets;
    dsai.pSetLayouts = layouts;
    CHECK(vkAllocateDescriptorSets(device, &dsai, sets));
  }
  for (int i = 0; i < nres; i++) {
    struct resource *r = &res[i];
    VkWriteDescriptorSet w = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
    VkDescriptorBufferInfo bi = {r->buffer, 0, VK_WHOLE_SIZE};
    VkDescriptorImageInfo ii = {r->sampler, r->image_view,
                                r->kind == K_SIMAGE ? VK_IMAGE_LAYOUT_GENERAL : VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
    w.dstSet = sets[r->set];
    w.dstBinding = r->binding;
    w.dstArrayElement = r->elem;
    w.descriptorCount = 1;
    w.descriptorType = descriptor_type(r->kind);
    switch (r->kind) {
    case K_UBO:
    case K_SSBO: w.pBufferInfo = &bi; break;
    case K_UTEXEL:
    case K_STEXEL: w.pTexelBufferView = &r->buffer_view; break;
    default: w.pImageInfo = &ii; break;
    }
    vkUpdateDescriptorSets(device, 1, &w, 0, NULL);
  }

  size_t code_len;
  unsigned char *code = read_file(module_path, &code_len);
  if (code_len % 4) die(1, "%s: SPIR-V size %zu is not a multiple of 4", module_path, code_len);
  VkShaderModuleCreateInfo smci = {VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
  smci.codeSize = code_len;
  smci.pCode = (const uint32_t *)code;
  CHECK(vkCreateShaderModule(device, &smci, NULL, &sm));

  VkPushConstantRange pcr = {VK_SHADER_STAGE_COMPUTE_BIT, 0, push_size};
  VkPipelineLayoutCreateInfo plci = {VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  plci.setLayoutCount = nsets;
  plci.pSetLayouts = layouts;
  plci.pushConstantRangeCount = push_size ? 1 : 0;
  plci.pPushConstantRanges = &pcr;
  CHECK(vkCreatePipelineLayout(device, &plci, NULL, &pl));

  VkSpecializationInfo spi = {nspec, spec_entries, spec_size, spec_data};
  VkComputePipelineCreateInfo cpci = {VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
  cpci.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
  cpci.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
  cpci.stage.module = sm;
  cpci.stage.pName = entry;
  cpci.stage.pSpecializationInfo = nspec ? &spi : NULL;
  cpci.layout = pl;
  CHECK(vkCreateComputePipelines(device, VK_NULL_HANDLE, 1, &cpci, NULL, &pipe));

  begin();
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe);
  if (nsets) vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pl, 0, nsets, sets, 0, NULL);
  if (push_size) vkCmdPushConstants(cmd, pl, VK_SHADER_STAGE_COMPUTE_BIT, 0, push_size, push_data);
  vkCmdDispatch(cmd, groups[0], groups[1], groups[2]);
  VkMemoryBarrier mb = {VK_STRUCTURE_TYPE_MEMORY_BARRIER};
  mb.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
  mb.dstAccessMask = VK_ACCESS_HOST_READ_BIT | VK_ACCESS_TRANSFER_READ_BIT;
  vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1,
                       &mb, 0, NULL, 0, NULL);
  /* Images come back through their staging buffers. */
  for (int i = 0; i < nres; i++) {
    struct resource *r = &res[i];
    if (r->kind != K_SIMAGE && r->kind != K_TIMAGE && r->kind != K_COMBINED) continue;
    if (!strcmp(r->out, "-")) continue;
    VkImageLayout from = r->kind == K_SIMAGE ? VK_IMAGE_LAYOUT_GENERAL : VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
    image_barrier(r->image, from, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, VK_ACCESS_SHADER_WRITE_BIT, VK_ACCESS_TRANSFER_READ_BIT,
                  VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT);
    VkBufferImageCopy c = image_copy_region(r);
    vkCmdCopyImageToBuffer(cmd, r->image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, r->buffer, 1, &c);
  }
  mb.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
  mb.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
  vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &mb, 0, NULL, 0, NULL);
  submit_and_wait();

  for (int i = 0; i < nres; i++) {
    struct resource *r = &res[i];
    if (r->kind == K_SAMPLER || !strcmp(r->out, "-")) continue;
    write_file(r->out, r->mapped, r->size);
  }
  free(code);
}

/* finish_job destroys the job's objects and resets the job state, so that
 * one device serves many jobs. */
static void finish_job(void) {
  vkDeviceWaitIdle(device);
  if (pipe) vkDestroyPipeline(device, pipe, NULL);
  if (pl) vkDestroyPipelineLayout(device, pl, NULL);
  if (sm) vkDestroyShaderModule(device, sm, NULL);
  if (dpool) vkDestroyDescriptorPool(device, dpool, NULL);
  for (uint32_t s = 0; s < nlayouts; s++) vkDestroyDescriptorSetLayout(device, layouts[s], NULL);
  for (int i = 0; i < nres; i++) {
    struct resource *r = &res[i];
    if (r->sampler) vkDestroySampler(device, r->sampler, NULL);
    if (r->image_view) vkDestroyImageView(device, r->image_view, NULL);
    if (r->image) vkDestroyImage(device, r->image, NULL);
    if (r->image_memory) vkFreeMemory(device, r->image_memory, NULL);
    if (r->buffer_view) vkDestroyBufferView(device, r->buffer_view, NULL);
    if (r->buffer) vkDestroyBuffer(device, r->buffer, NULL);
    if (r->memory) vkFreeMemory(device, r->memory, NULL); /* unmaps too */
  }
  memset(res, 0, sizeof res);
  nres = 0;
  pipe = VK_NULL_HANDLE;
  pl = VK_NULL_HANDLE;
  sm = VK_NULL_HANDLE;
  dpool = VK_NULL_HANDLE;
  nlayouts = 0;
  free(push_data);
  push_data = NULL;
  push_size = 0;
  nspec = spec_size = 0;
  module_path[0] = 0;
  strcpy(entry, "main");
  groups[0] = groups[1] = groups[2] = 1;
}

/* Usage: runner JOBFILE runs one job. runner --serve reads job file paths
 * from stdin, one a line, runs each on the same device and answers "ok"
 * on stdout after each; an error ends the process with the message on
 * stderr. */
int main(int argc, char **argv) {
  if (argc != 2) die(1, "usage: runner JOBFILE | runner --serve");
  if (strcmp(argv[1], "--serve") != 0) {
    create_device();
    run_job(argv[1]);
    return 0;
  }
  create_device();
  char line[4096];
  while (fgets(line, sizeof line, stdin)) {
    line[strcspn(line, "\r\n")] = 0;
    if (!line[0]) continue;
    run_job(line);
    finish_job();
    printf("ok\n");
    fflush(stdout);
  }
  return 0;
}
