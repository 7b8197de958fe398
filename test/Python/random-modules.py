# The random nn.Module generator (utils/torch-random-modules.py) on its
# first eight seeds: vector, image and sequence models, placements on the
# other backend, dynamic batch, zones off and a zone depth, each compiled
# and compared with eager. A failing seed prints FAILED and makes the run
# exit 1; scripts/torch-random.sh runs many more seeds (docs/testing.md).
# RUN: %python %scopeir_src_root/utils/torch-random-modules.py --seeds 8 --verbose \
# RUN:   | FileCheck %s --implicit-check-not=FAILED

# CHECK: seed 0: batch 2, input [2, 8], options {'place': {'0': 'llvm-cpu'}}
# CHECK: seed 0: ok
# CHECK: seed 4: batch 3, input [3, 3, 6, 11], options {'dynamic_batch': True, 'place': {'7': 'llvm-cpu'}}
# CHECK: seed 4: ok
# CHECK: seed 7: batch 1, input [1, 4, 12], options {'zones': False, 'place': {'0': 'llvm-cpu'}}
# CHECK: seed 7: ok
# CHECK: torch-random-modules: 8 seeds (0-7), 0 failed
