// RUN: scope-opt --split-input-file --verify-diagnostics --hal-verify-device-targets %s -o /dev/null

// Malformed vulkan configs: an error at the op whose device carries it,
// before anything is compiled.
// expected-error @+1 {{unknown vulkan device config key 'tile' (known: target_env, workgroup_size)}}
func.func @unknown_key() attributes {hal.device = #hal.device.target<"vulkan", {tile = 8}>} {
  return
}

// -----

// expected-error @+1 {{vulkan device config 'target_env' takes a #spirv.target_env, got "vulkan1.1"}}
func.func @target_env_type() attributes {hal.device = #hal.device.target<"vulkan", {target_env = "vulkan1.1"}>} {
  return
}

// -----

// expected-error @+1 {{vulkan device config 'workgroup_size' takes a positive integer, got 0 : i64}}
func.func @workgroup_size() attributes {hal.device = #hal.device.target<"vulkan", {workgroup_size = 0}>} {
  return
}

// -----

// A good config passes.
func.func @good() attributes {hal.device = #hal.device.target<"vulkan", {workgroup_size = 128, target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader], []>, #spirv.resource_limits<>>}>} {
  return
}
