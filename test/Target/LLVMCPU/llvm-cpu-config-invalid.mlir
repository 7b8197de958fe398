// RUN: scope-opt --split-input-file --verify-diagnostics --pass-pipeline="builtin.module(func.func(llvm-cpu-apply-strategies{cpu=sapphirerapids}))" %s -o /dev/null

// Malformed configs: an error at the function whose device carries it.
// expected-error @+1 {{unknown llvm-cpu config key 'tile'; known keys: cache_tiles, cpu, cpu_features, threads}}
func.func @unknown_key() attributes {hal.device = #hal.device.target<"llvm-cpu", {tile = 8}>} {
  return
}

// -----

// expected-error @+1 {{llvm-cpu config key 'cpu' must be a string, got 3 : i64}}
func.func @cpu_type() attributes {hal.device = #hal.device.target<"llvm-cpu", {cpu = 3}>} {
  return
}

// -----

// expected-error @+1 {{llvm-cpu config: unknown CPU 'pentium9' for}}
func.func @cpu_name() attributes {hal.device = #hal.device.target<"llvm-cpu", {cpu = "pentium9"}>} {
  return
}

// -----

// expected-error @+1 {{llvm-cpu config: unknown CPU feature 'warp-drive' for}}
func.func @feature_name() attributes {hal.device = #hal.device.target<"llvm-cpu", {cpu = "haswell", cpu_features = "+warp-drive"}>} {
  return
}

// -----

// expected-error @+1 {{llvm-cpu config key 'cpu_features' needs 'cpu'}}
func.func @features_alone() attributes {hal.device = #hal.device.target<"llvm-cpu", {cpu_features = "+avx2"}>} {
  return
}

// -----

// expected-error @+1 {{llvm-cpu config key 'cache_tiles' must be an array of 3 positive integers (m tiles, n tiles, k steps), got [8, 4]}}
func.func @cache_tiles_count() attributes {hal.device = #hal.device.target<"llvm-cpu", {cache_tiles = [8, 4]}>} {
  return
}

// -----

// expected-error @+1 {{llvm-cpu config key 'cache_tiles' must be an array of 3 positive integers (m tiles, n tiles, k steps), got [8, 0, 256]}}
func.func @cache_tiles_zero() attributes {hal.device = #hal.device.target<"llvm-cpu", {cache_tiles = [8, 0, 256]}>} {
  return
}

// -----

// expected-error @+1 {{llvm-cpu config key 'threads' must be an integer from 1 to 4096, got 0 : i64}}
func.func @threads_zero() attributes {hal.device = #hal.device.target<"llvm-cpu", {threads = 0}>} {
  return
}

// -----

// expected-error @+1 {{llvm-cpu config key 'threads' must be an integer from 1 to 4096, got "two"}}
func.func @threads_type() attributes {hal.device = #hal.device.target<"llvm-cpu", {threads = "two"}>} {
  return
}

// -----

// Another backend's config is not llvm-cpu's business here.
func.func @other_device() attributes {hal.device = #hal.device.target<"llvm-cpu-loops", {tile = 8}>} {
  return
}
