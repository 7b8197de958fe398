#!/usr/bin/env python3
"""Runs the PyTorch front door on the model zoo and prints one table.

For every model: export and compile it at batch 1 (zones on), check it
against eager PyTorch; then the same at batch 2, with dynamic_batch
(compiled once, called at batch 1 and 3), with zones off, and with one
module placed on the other backend. A check passes when
max |scopeir - eager| <= rtol * max |eager| + atol with the model's
tolerance (docs/torch.md lists them). Prints one row per model:

  model  ops  scopes  export s  compile s  max diff  tolerance  checks

and exits 1 if any check failed. Run it with scripts/torch-zoo.sh
(which builds scopeir first) or directly:

  PYTHONPATH=python /usr/bin/python3 utils/torch-zoo.py [--only resnet18,...]
      [--quick] [--threads N]
"""

import argparse
import os
import sys
import time
import traceback

import torch
import torchvision

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import scopeir.torch as st  # noqa: E402


class EmbeddingMLP(torch.nn.Module):
    """Token ids -> embedding -> mean over the sequence -> 2-layer MLP."""

    def __init__(self, vocabulary=1000, dim=64, hidden=256, classes=10):
        super().__init__()
        self.embedding = torch.nn.Embedding(vocabulary, dim)
        self.mlp = torch.nn.Sequential(torch.nn.Linear(dim, hidden), torch.nn.ReLU(),
                                       torch.nn.Linear(hidden, hidden), torch.nn.GELU(),
                                       torch.nn.Linear(hidden, classes))

    def forward(self, ids):
        return self.mlp(self.embedding(ids).mean(dim=1))


def encoder(activation, norm_first):
    layer = torch.nn.TransformerEncoderLayer(d_model=128, nhead=4, dim_feedforward=512,
                                             activation=activation, batch_first=True,
                                             norm_first=norm_first)
    return torch.nn.TransformerEncoder(layer, num_layers=4, enable_nested_tensor=False)


M = torchvision.models

# name: (factory, input factory(batch), module placed on the other backend,
#        rtol, atol)
ZOO = {
    "resnet18": (lambda: M.resnet18(weights=None),
                 lambda n: torch.rand(n, 3, 224, 224), "fc", 1e-4, 1e-5),
    "resnet50": (lambda: M.resnet50(weights=None),
                 lambda n: torch.rand(n, 3, 224, 224), "fc", 1e-4, 1e-5),
    "mobilenet_v2": (lambda: M.mobilenet_v2(weights=None),
                     lambda n: torch.rand(n, 3, 224, 224), "classifier", 1e-4, 1e-5),
    "mobilenet_v3_small": (lambda: M.mobilenet_v3_small(weights=None),
                           lambda n: torch.rand(n, 3, 224, 224), "classifier", 1e-4, 1e-5),
    "efficientnet_b0": (lambda: M.efficientnet_b0(weights=None),
                        lambda n: torch.rand(n, 3, 224, 224), "classifier", 1e-4, 1e-5),
    "squeezenet1_1": (lambda: M.squeezenet1_1(weights=None),
                      lambda n: torch.rand(n, 3, 224, 224), "features.12", 1e-4, 1e-5),
    "shufflenet_v2_x1_0": (lambda: M.shufflenet_v2_x1_0(weights=None),
                           lambda n: torch.rand(n, 3, 224, 224), "fc", 1e-4, 1e-5),
    "vit_small": (lambda: M.VisionTransformer(image_size=64, patch_size=8, num_layers=4,
                                              num_heads=4, hidden_dim=128, mlp_dim=512),
                  lambda n: torch.rand(n, 3, 64, 64), "heads", 1e-4, 1e-5),
    "encoder_gelu_post": (lambda: encoder("gelu", False),
                          lambda n: torch.rand(n, 32, 128), "layers.3.linear2", 1e-4, 1e-5),
    "encoder_gelu_pre": (lambda: encoder("gelu", True),
                         lambda n: torch.rand(n, 32, 128), "layers.3.linear2", 1e-4, 1e-5),
    "encoder_relu_post": (lambda: encoder("relu", False),
                          lambda n: torch.rand(n, 32, 128), "layers.3.linear2", 1e-4, 1e-5),
    "encoder_relu_pre": (lambda: encoder("relu", True),
                         lambda n: torch.rand(n, 32, 128), "layers.3.linear2", 1e-4, 1e-5),
    "embedding_mlp": (lambda: EmbeddingMLP(),
                      lambda n: torch.randint(0, 1000, (n, 16)), "mlp.4", 1e-4, 1e-5),
}


def randomize(model, seed=0):
    """Gives batch norms random statistics and affine parameters and
    zero-initialized layers random weights, so that every op's output
    reaches the model's output at a size the check can see (torchvision
    initializes ViT's head to zeros and batch norms to the identity)."""
    generator = torch.Generator().manual_seed(seed)
    with torch.no_grad():
        for module in model.modules():
            if isinstance(module, torch.nn.modules.batchnorm._BatchNorm):
                n = module.num_features
                module.running_mean.copy_(torch.randn(n, generator=generator) * 0.1)
                module.running_var.copy_(torch.rand(n, generator=generator) + 0.5)
                if module.affine:
                    module.weight.copy_(torch.rand(n, generator=generator) + 0.5)
                    module.bias.copy_(torch.randn(n, generator=generator) * 0.1)
            for name, parameter in module.named_parameters(recurse=False):
                if not parameter.abs().sum():
                    fan_in = parameter.shape[-1] if parameter.dim() > 1 else 1
                    parameter.copy_(torch.randn(parameter.shape, generator=generator)
                                    / fan_in ** 0.5)
    return model


def max_diff(got, expected):
    return (got.float() - expected.float()).abs().max().item()


def check(compiled, model, x, rtol, atol):
    with torch.no_grad():
        expected = model(x)
    got = compiled(x)
    diff = max_diff(got, expected)
    bound = rtol * expected.abs().max().item() + atol
    return diff, diff <= bound


def run_model(name, args):
    factory, inputs, placed, rtol, atol = ZOO[name]
    torch.manual_seed(0)
    model = randomize(factory().eval())
    row = {"model": name, "checks": [], "failed": []}
    x1 = inputs(1)

    def record(label, compiled, x):
        diff, ok = check(compiled, model, x, rtol, atol)
        row["checks"].append(label)
        row["max diff"] = max(row.get("max diff", 0.0), diff)
        with torch.no_grad():
            row["max |eager|"] = model(x).abs().max().item()
        if not ok:
            row["failed"].append("%s (%.3g)" % (label, diff))
        return compiled

    compiled = st.compile(model, x1, threads=args.threads)
    row["ops"], row["scopes"] = compiled.num_ops, compiled.num_scopes
    row["export s"], row["compile s"] = compiled.export_seconds, compiled.compile_seconds
    record("b1", compiled, x1)
    compiled.close()
    if args.quick:
        return row
    x2 = inputs(2)
    record("b2", st.compile(model, x2, threads=args.threads), x2)
    dynamic = st.compile(model, x1, dynamic_batch=True, threads=args.threads)
    record("dyn1", dynamic, x1)
    record("dyn3", dynamic, inputs(3))
    dynamic.close()
    record("nozones", st.compile(model, x1, zones=False, threads=args.threads), x1)
    record("placed", st.compile(model, x1, place={placed: "llvm-cpu"},
                                threads=args.threads), x1)
    return row


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="comma-separated model names")
    parser.add_argument("--quick", action="store_true", help="batch 1 only")
    parser.add_argument("--threads", type=int, default=None)
    args = parser.parse_args()
    names = args.only.split(",") if args.only else list(ZOO)
    for name in names:
        if name not in ZOO:
            parser.error("unknown model %s; known: %s" % (name, ", ".join(ZOO)))
    header = "%-20s %6s %7s %9s %10s %10s %11s  %s" % (
        "model", "ops", "scopes", "export s", "compile s", "max diff", "max |eager|",
        "checks")
    print(header)
    print("-" * len(header))
    failures = 0
    for name in names:
        start = time.perf_counter()
        try:
            row = run_model(name, args)
        except st.ScopeirError as error:
            print("%-20s error: %s" % (name, str(error).splitlines()[0]))
            failures += 1
            continue
        except Exception:
            traceback.print_exc()
            print("%-20s crashed" % name)
            failures += 1
            continue
        status = "ok" if not row["failed"] else "FAILED: " + ", ".join(row["failed"])
        failures += bool(row["failed"])
        print("%-20s %6d %7d %9.2f %10.2f %10.3g %11.3g  %s %s (%.0f s)" % (
            name, row["ops"], row["scopes"], row["export s"], row["compile s"],
            row["max diff"], row["max |eager|"], "/".join(row["checks"]), status,
            time.perf_counter() - start), flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
