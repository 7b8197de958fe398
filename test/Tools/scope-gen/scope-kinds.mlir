// One flag value per scope kind (--scopes=KIND,...; --no-scopes=...): each
// kind appears when asked for and no other does.

// No scopes at all: nothing of util or hal.
// RUN: scope-gen --seed=1 --scopes=none | FileCheck %s --check-prefix=NONE \
// RUN:   --implicit-check-not=util. --implicit-check-not=hal.
// NONE: func.func @main(

// Devices on util.annotate: no zone, no other form.
// RUN: scope-gen --seed=1 --scopes=device,annotate | FileCheck %s --check-prefix=DEVICE \
// RUN:   --implicit-check-not=util.zone --implicit-check-not=util.scope --implicit-check-not=hal.device.scope
// DEVICE: util.annotate [#hal.device.target<"llvm-cpu{{(-loops)?}}">] {

// Zones on util.scope (explicit captures): no device.
// RUN: scope-gen --seed=1 --scopes=zone,scope | FileCheck %s --check-prefix=ZONE \
// RUN:   --implicit-check-not=hal. --implicit-check-not=util.annotate
// ZONE: util.scope [#util.zone<"z{{[0-9]+}}">]

// The hal.device.scope form.
// RUN: scope-gen --seed=1 --scopes=device,hal-device-scope | FileCheck %s --check-prefix=HAL \
// RUN:   --implicit-check-not=util.scope --implicit-check-not=util.annotate --implicit-check-not=util.zone
// HAL: hal.device.scope <#hal.device.target<"llvm-cpu{{(-loops)?}}">> {

// Nested scopes: an annotation inside an annotation.
// RUN: scope-gen --seed=1 --scopes=zone,annotate,nest | FileCheck %s --check-prefix=NEST
// NEST:      util.annotate
// NEST-NOT:  } :
// NEST:        util.annotate

// Devices on functions and on the module, no scope op.
// RUN: scope-gen --seed=1 --scopes=func-device | FileCheck %s --check-prefix=FUNC \
// RUN:   --implicit-check-not=util.
// FUNC: func.func {{.+}} attributes {hal.device = #hal.device.target<
// RUN: scope-gen --seed=1 --scopes=module-device | FileCheck %s --check-prefix=MODULE \
// RUN:   --implicit-check-not=util.
// MODULE: module attributes {hal.device = #hal.device.target<

// Zones inserted by test-util-insert-scopes after generation.
// RUN: scope-gen --seed=1 --scopes=insert-pass | FileCheck %s --check-prefix=INSERT \
// RUN:   --implicit-check-not=hal.
// INSERT: #util.zone<"z{{[0-9]+}}">

// --no-scopes takes kinds away from the default (all).
// RUN: scope-gen --seed=1 --no-scopes=device,func-device,module-device | FileCheck %s \
// RUN:   --check-prefix=NODEV --implicit-check-not=hal.
// NODEV: util.{{scope|annotate}}
