"""scopeir's Python package.

``scopeir.torch`` is the PyTorch front door: it captures an ``nn.Module``,
emits linalg-on-tensors with the module hierarchy and the user's annotations
as scopes, and compiles and calls it in-process through the runtime C API
(``libScopeirCAPI.so``).
"""

__all__ = ["runtime"]
