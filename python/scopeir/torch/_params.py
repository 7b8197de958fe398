"""Parameter files: the tensors an exported module takes as arguments.

An exported function's parameters are arguments named by
`{scopeir.param = "..."}` (see docs/torch.md for why they travel beside the
module rather than inside it). They are saved as an uncompressed NumPy
`.npz` archive keyed by those names (bf16 as uint16 under `name@bf16`),
which `numpy.load` maps without parsing.
"""

import re
import time

import numpy as np
import torch

from ._errors import ScopeirError

_PARAM_ATTR = re.compile(r'%(p\d+): (tensor<[^>]*>) \{scopeir\.param = "((?:[^"\\]|\\.)*)"\}')


def tensor_to_numpy(tensor):
    """A NumPy view of a CPU tensor (bf16 as uint16)."""
    tensor = tensor.detach()
    if tensor.dtype == torch.bfloat16:
        return tensor.contiguous().view(torch.int16).numpy().view(np.uint16)
    return tensor.contiguous().numpy()


def save(path, named_tensors):
    """Writes (name, tensor) pairs to `path` (.npz, uncompressed)."""
    arrays = {}
    for name, tensor in named_tensors:
        key = name + "@bf16" if tensor.dtype == torch.bfloat16 else name
        arrays[key] = tensor_to_numpy(tensor)
    start = time.perf_counter()
    with open(path, "wb") as file:
        np.savez(file, **arrays)
    return time.perf_counter() - start


def parameter_names(module_text):
    """The parameter arguments of an exported function, in order:
    [(argument name, type, parameter name)]."""
    return [(m.group(1), m.group(2), m.group(3).encode().decode("unicode_escape"))
            for m in _PARAM_ATTR.finditer(module_text)]


def load(path, names):
    """Reads the arrays named `names` from a parameter file, in order."""
    try:
        archive = np.load(path)
    except (OSError, ValueError) as error:
        raise ScopeirError("cannot read the parameter file %s: %s" % (path, error))
    arrays = []
    with archive:
        keys = set(archive.files)
        for name in names:
            if name in keys:
                arrays.append(archive[name])
            elif name + "@bf16" in keys:
                arrays.append(archive[name + "@bf16"])
            else:
                raise ScopeirError("the parameter file %s has no parameter '%s'" % (
                    path, name))
    return arrays
