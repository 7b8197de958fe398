#!/usr/bin/env python3
"""Random nn.Modules through scopeir.torch, checked against eager PyTorch.

For each seed, a random model is built from the layers the front door
lowers (convolutions, pooling, normalizations, activations, linear layers,
attention, residual and concatenating branches, reshapes, reductions,
elementwise arithmetic), with random shapes and parameters; it is compiled
with random options (zones on or off, a zone depth, dynamic batch) and
random placements (modules on the other backend), called at a random batch
size, and compared with eager:

  max |scopeir - eager| <= 1e-4 * max |eager| + 1e-5

A seed fails on a mismatch or on any error; every failing seed is printed
with its model and the options, and the run exits 1. Seeds are
reproducible: `--seeds 1 --start S` rebuilds seed S's model.

  PYTHONPATH=python /usr/bin/python3 utils/torch-random-modules.py
      [--seeds N] [--start S] [--time-limit SECONDS] [--quiet] [--verbose]
"""

import argparse
import os
import random
import sys
import time
import traceback

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import scopeir.torch as st  # noqa: E402

nn = torch.nn
F = torch.nn.functional

RTOL, ATOL = 1e-4, 1e-5
# The vectorizing backend compiles 4-d NCHW ops slowly (docs/torch.md):
# random placements put only modules on tensors of rank <= 3 there.
PLACE_MAX_RANK = 3


class Residual(nn.Module):
    def __init__(self, body):
        super().__init__()
        self.body = body

    def forward(self, x):
        return x + self.body(x)


class Branches(nn.Module):
    """Two branches concatenated along `dim`."""

    def __init__(self, left, right, dim):
        super().__init__()
        self.left = left
        self.right = right
        self.dim = dim

    def forward(self, x):
        return torch.cat([self.left(x), self.right(x)], dim=self.dim)


class Lambda(nn.Module):
    """A functional op with a name (reshapes, reductions, arithmetic)."""

    def __init__(self, name, function):
        super().__init__()
        self.name = name
        self.function = function

    def forward(self, x):
        return self.function(x)

    def extra_repr(self):
        return self.name


class Attention(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.attention = nn.MultiheadAttention(dim, heads, batch_first=True)

    def forward(self, x):
        return self.attention(x, x, x, need_weights=False)[0]


def randomize_norm(module, rng):
    with torch.no_grad():
        if isinstance(module, nn.modules.batchnorm._BatchNorm):
            module.running_mean.uniform_(-0.5, 0.5)
            module.running_var.uniform_(0.5, 1.5)
        if getattr(module, "weight", None) is not None and module.weight.dim() == 1:
            module.weight.uniform_(0.5, 1.5)
        if getattr(module, "bias", None) is not None and module.bias.dim() == 1 and \
                isinstance(module, (nn.modules.batchnorm._BatchNorm, nn.LayerNorm,
                                    nn.GroupNorm)):
            module.bias.uniform_(-0.5, 0.5)
    return module


ACTIVATIONS = [
    ("ReLU", lambda: nn.ReLU()), ("GELU", lambda: nn.GELU()),
    ("GELU-tanh", lambda: nn.GELU(approximate="tanh")), ("SiLU", lambda: nn.SiLU()),
    ("Hardswish", lambda: nn.Hardswish()), ("Hardsigmoid", lambda: nn.Hardsigmoid()),
    ("LeakyReLU", lambda: nn.LeakyReLU(0.1)), ("Sigmoid", lambda: nn.Sigmoid()),
    ("Tanh", lambda: nn.Tanh()), ("ELU", lambda: nn.ELU()), ("ReLU6", lambda: nn.ReLU6()),
    ("Softplus", lambda: nn.Softplus()), ("Mish", lambda: nn.Mish()),
    ("Hardtanh", lambda: nn.Hardtanh(-0.5, 0.5)),
]


def activation(rng):
    return rng.choice(ACTIVATIONS)[1]()


class Generator:
    """Builds a random model, tracking the shape of the running tensor
    (without the batch dim): (C, H, W), (L, D) or (D,)."""

    def __init__(self, rng):
        self.rng = rng

    def conv_layer(self, shape):
        rng = self.rng
        c, h, w = shape
        k = rng.choice([1, 3, 3, 5]) if min(h, w) >= 5 else 1
        stride = rng.choice([1, 1, 2]) if min(h, w) >= 6 else 1
        dilation = rng.choice([1, 1, 2]) if k > 1 and min(h, w) >= 9 else 1
        padding = rng.randint(0, (k - 1) * dilation // 2 + (1 if k > 1 else 0))
        groups = rng.choice([g for g in (1, 1, 2, c) if c % g == 0])
        out = rng.choice([c, c * 2, 4, 8]) if groups == 1 else \
            rng.choice([m * groups for m in (1, 2) if m * groups <= 32] or [groups])
        if out % groups:
            out = groups
        layer = nn.Conv2d(c, out, k, stride=stride, padding=padding, dilation=dilation,
                          groups=groups, bias=rng.random() < 0.5)
        oh = (h + 2 * padding - dilation * (k - 1) - 1) // stride + 1
        ow = (w + 2 * padding - dilation * (k - 1) - 1) // stride + 1
        if oh < 1 or ow < 1:
            return nn.Identity(), shape
        return layer, (out, oh, ow)

    def image_layer(self, shape, depth):
        rng = self.rng
        c, h, w = shape
        choice = rng.choice(["conv", "conv", "bn", "act", "pool", "avgpool", "residual",
                             "branches", "upsample", "transposed", "groupnorm", "pad",
                             "dropout", "adaptive"])
        if choice == "conv":
            return self.conv_layer(shape)
        if choice == "bn":
            return randomize_norm(nn.BatchNorm2d(c), rng), shape
        if choice == "act":
            return activation(rng), shape
        if choice in ("pool", "avgpool") and min(h, w) >= 2:
            k = rng.choice([2, 3]) if min(h, w) >= 3 else 2
            stride = rng.choice([1, 2])
            padding = rng.randint(0, k // 2)
            ceil = rng.random() < 0.3
            if choice == "pool":
                layer = nn.MaxPool2d(k, stride, padding, ceil_mode=ceil)
            else:
                layer = nn.AvgPool2d(k, stride, padding, ceil_mode=ceil,
                                     count_include_pad=rng.random() < 0.5)
            with torch.no_grad():
                out = layer(torch.zeros(1, c, h, w)).shape[1:]
            return layer, tuple(out)
        if choice == "residual" and depth < 2:
            body, body_shape = self.image_layer(shape, depth + 1)
            if body_shape == shape:
                return Residual(body), shape
            return body, body_shape
        if choice == "branches" and depth < 2:
            left, left_shape = self.image_layer(shape, depth + 1)
            right, right_shape = self.image_layer(shape, depth + 1)
            if left_shape[1:] == right_shape[1:]:
                return Branches(left, right, 1), (left_shape[0] + right_shape[0],) + \
                    tuple(left_shape[1:])
            return left, left_shape
        if choice == "upsample" and max(h, w) <= 8:
            mode = rng.choice(["nearest", "bilinear"])
            if mode == "bilinear":
                layer = nn.Upsample(scale_factor=2, mode="bilinear",
                                    align_corners=rng.random() < 0.5)
            else:
                layer = nn.Upsample(scale_factor=2, mode="nearest")
            return layer, (c, h * 2, w * 2)
        if choice == "transposed" and max(h, w) <= 8:
            k, stride = rng.choice([(2, 2), (3, 1), (3, 2)])
            padding = rng.randint(0, k // 2)
            out = rng.choice([4, 8])
            layer = nn.ConvTranspose2d(c, out, k, stride=stride, padding=padding)
            return layer, (out, (h - 1) * stride - 2 * padding + k,
                           (w - 1) * stride - 2 * padding + k)
        if choice == "groupnorm":
            groups = rng.choice([g for g in (1, 2, 4) if c % g == 0])
            return randomize_norm(nn.GroupNorm(groups, c), rng), shape
        if choice == "pad":
            pads = [rng.randint(0, 2) for _ in range(4)]
            value = rng.choice([0.0, 0.5])
            return Lambda("pad%s" % pads, lambda x: F.pad(x, pads, value=value)), \
                (c, h + pads[2] + pads[3], w + pads[0] + pads[1])
        if choice == "dropout":
            return nn.Dropout(0.3), shape
        if choice == "adaptive":
            oh, ow = rng.randint(1, h), rng.randint(1, w)
            return nn.AdaptiveAvgPool2d((oh, ow)), (c, oh, ow)
        return activation(rng), shape

    def sequence_layer(self, shape, depth):
        rng = self.rng
        length, dim = shape
        choice = rng.choice(["linear", "linear", "layernorm", "act", "attention",
                             "encoder", "residual", "softmax", "transpose", "branches",
                             "scale"])
        if choice == "linear":
            out = rng.choice([dim, 8, 16, 24])
            return nn.Linear(dim, out, bias=rng.random() < 0.7), (length, out)
        if choice == "layernorm":
            return randomize_norm(nn.LayerNorm(dim), rng), shape
        if choice == "attention" and dim % 4 == 0:
            return Attention(dim, rng.choice([1, 2, 4])), shape
        if choice == "encoder" and dim % 4 == 0:
            layer = nn.TransformerEncoderLayer(dim, rng.choice([1, 2, 4]), dim * 2,
                                               activation=rng.choice(["relu", "gelu"]),
                                               batch_first=True,
                                               norm_first=rng.random() < 0.5)
            return layer, shape
        if choice == "residual" and depth < 2:
            body, body_shape = self.sequence_layer(shape, depth + 1)
            if body_shape == shape:
                return Residual(body), shape
            return body, body_shape
        if choice == "softmax":
            dim_arg = rng.choice([-1, 1])
            if rng.random() < 0.5:
                return Lambda("softmax(%d)" % dim_arg,
                              lambda x: torch.softmax(x, dim=dim_arg)), shape
            return Lambda("log_softmax(%d)" % dim_arg,
                          lambda x: torch.log_softmax(x, dim=dim_arg)), shape
        if choice == "transpose":
            return Lambda("transpose(1, 2)", lambda x: x.transpose(1, 2).contiguous()), \
                (dim, length)
        if choice == "branches" and depth < 2:
            left, left_shape = self.sequence_layer(shape, depth + 1)
            right, right_shape = self.sequence_layer(shape, depth + 1)
            if left_shape[0] == right_shape[0]:
                return Branches(left, right, 2), (left_shape[0], left_shape[1] + right_shape[1])
            return left, left_shape
        if choice == "scale":
            a, b = rng.uniform(-2, 2), rng.uniform(-1, 1)
            return Lambda("x * %.3f + %.3f" % (a, b), lambda x: x * a + b), shape
        return activation(rng), shape

    def vector_layer(self, shape, depth):
        rng = self.rng
        (dim,) = shape
        choice = rng.choice(["linear", "linear", "act", "bn", "layernorm", "residual",
                             "clamp", "reduce", "split", "softmax"])
        if choice == "linear":
            out = rng.choice([dim, 4, 8, 16, 32])
            return nn.Linear(dim, out), (out,)
        if choice == "bn":
            return randomize_norm(nn.BatchNorm1d(dim), rng), shape
        if choice == "layernorm":
            return randomize_norm(nn.LayerNorm(dim), rng), shape
        if choice == "residual" and depth < 2:
            body, body_shape = self.vector_layer(shape, depth + 1)
            if body_shape == shape:
                return Residual(body), shape
            return body, body_shape
        if choice == "clamp":
            low = rng.uniform(-1, 0)
            return Lambda("clamp(%.3f, 1)" % low, lambda x: x.clamp(low, 1.0)), shape
        if choice == "reduce":
            op = rng.choice(["sum", "mean", "amax"])
            function = {"sum": lambda x: x - x.sum(-1, keepdim=True) / 4,
                        "mean": lambda x: x - x.mean(-1, keepdim=True),
                        "amax": lambda x: x - x.amax(-1, keepdim=True)}[op]
            return Lambda("x - %s(x)" % op, function), shape
        if choice == "split" and dim % 2 == 0:
            return Lambda("split+mul", lambda x: torch.mul(*x.split(dim // 2, -1))), \
                (dim // 2,)
        if choice == "softmax":
            return nn.Softmax(dim=-1), shape
        return activation(rng), shape

    def model(self):
        rng = self.rng
        kind = rng.choice(["image", "image", "sequence", "vector"])
        layers = []
        if kind == "image":
            shape = (rng.choice([1, 3, 4]), rng.randint(5, 14), rng.randint(5, 14))
            input_shape = shape
            for _ in range(rng.randint(2, 6)):
                layer, shape = self.image_layer(shape, 0)
                layers.append(layer)
            # To a vector: global pooling or flatten, then a classifier.
            if rng.random() < 0.5:
                layers.append(nn.AdaptiveAvgPool2d(1))
                layers.append(nn.Flatten())
                shape = (shape[0],)
            else:
                layers.append(nn.Flatten())
                shape = (shape[0] * shape[1] * shape[2],)
            layers.append(nn.Linear(shape[0], rng.choice([3, 10])))
            dtype = torch.float32
        elif kind == "sequence":
            shape = (rng.randint(2, 12), rng.choice([8, 12, 16]))
            input_shape = shape
            for _ in range(rng.randint(2, 5)):
                layer, shape = self.sequence_layer(shape, 0)
                layers.append(layer)
            if rng.random() < 0.5:
                layers.append(Lambda("mean(1)", lambda x: x.mean(dim=1)))
            dtype = torch.float32
        else:
            shape = (rng.choice([4, 8, 16]),)
            input_shape = shape
            for _ in range(rng.randint(2, 6)):
                layer, shape = self.vector_layer(shape, 0)
                layers.append(layer)
            dtype = torch.float32
        model = nn.Sequential(*layers).eval()
        return model, input_shape, dtype


def ranks_of(model, x):
    """The largest rank every submodule reads or writes, by qualified name,
    for the modules that compute something (not those returning their
    input, such as Dropout in eval mode: a placement there is an error)."""
    ranks = {}
    handles = []
    for name, module in model.named_modules():
        if name:
            def hook(mod, args, out, name=name):
                if not isinstance(out, torch.Tensor):
                    return
                tensors = [a for a in args if isinstance(a, torch.Tensor)]
                if any(a.data_ptr() == out.data_ptr() and a.shape == out.shape
                       for a in tensors):
                    return
                ranks[name] = max(ranks.get(name, 0), out.dim(),
                                  *[a.dim() for a in tensors])
            handles.append(module.register_forward_hook(hook))
    with torch.no_grad():
        model(x)
    for handle in handles:
        handle.remove()
    return ranks


def run_seed(seed, verbose=False):
    """Returns None if the seed passes, else a description of the failure."""
    rng = random.Random(seed)
    torch.manual_seed(seed)
    model, input_shape, dtype = Generator(rng).model()
    batch = rng.randint(1, 3)
    x = torch.randn((batch,) + tuple(input_shape), dtype=dtype)
    options = {}
    if rng.random() < 0.3:
        options["zones"] = False
    elif rng.random() < 0.3:
        options["zone_depth"] = rng.randint(1, 3)
    if rng.random() < 0.3:
        options["dynamic_batch"] = True
    ranks = ranks_of(model, x)
    candidates = sorted(name for name, rank in ranks.items() if rank <= PLACE_MAX_RANK)
    if candidates and rng.random() < 0.5:
        placed = rng.sample(candidates, min(len(candidates), rng.randint(1, 2)))
        options["place"] = {name: "llvm-cpu" for name in placed}
    description = "seed %d: batch %d, input %s, options %s\n%s" % (
        seed, batch, list(x.shape), options, model)
    if verbose:
        print(description)
    try:
        compiled = st.compile(model, x, threads=1, **options)
        with torch.no_grad():
            expected = model(x)
        got = compiled(x)
        diff = (got - expected).abs().max().item()
        bound = RTOL * expected.abs().max().item() + ATOL
        if options.get("dynamic_batch"):
            x2 = torch.randn((batch + 1,) + tuple(input_shape), dtype=dtype)
            with torch.no_grad():
                expected2 = model(x2)
            diff2 = (compiled(x2) - expected2).abs().max().item()
            bound = max(bound, RTOL * expected2.abs().max().item() + ATOL)
            diff = max(diff, diff2)
        compiled.close()
        if not diff <= bound:
            return "%s\nMISMATCH: max diff %g > %g" % (description, diff, bound)
        return None
    except st.ScopeirError as error:
        return "%s\n%s: %s" % (description, type(error).__name__, error)
    except Exception:
        return "%s\ncrash:\n%s" % (description, traceback.format_exc())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=100)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--time-limit", type=float, default=None,
                        help="start no seed after this many seconds")
    parser.add_argument("--quiet", action="store_true", help="only the summary and failures")
    parser.add_argument("--verbose", action="store_true", help="print every model")
    args = parser.parse_args()
    torch.set_num_threads(1)
    start = time.perf_counter()
    failures = []
    ran = 0
    for seed in range(args.start, args.start + args.seeds):
        if args.time_limit is not None and time.perf_counter() - start > args.time_limit:
            break
        failure = run_seed(seed, args.verbose)
        ran += 1
        if failure:
            failures.append(seed)
            print("FAILED " + failure, flush=True)
        elif not args.quiet:
            print("seed %d: ok" % seed, flush=True)
    elapsed = time.perf_counter() - start
    print("torch-random-modules: %d seeds (%d-%d), %d failed, %.0f s (%.2f s/seed)%s" % (
        ran, args.start, args.start + ran - 1, len(failures), elapsed,
        elapsed / max(ran, 1), "; failing seeds: %s" % failures if failures else ""))
    return 1 if failures or not ran else 0


if __name__ == "__main__":
    sys.exit(main())
