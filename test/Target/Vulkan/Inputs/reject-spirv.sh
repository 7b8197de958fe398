#!/bin/sh
# A SPIR-V validator that rejects every binary (vulkan-lower-to-runtime-invalid.mlir).
echo "rejected by the test validator"
exit 1
