"""LayerNorm over the two trailing dims (256, 256) of a (10240, 256, 256) tensor, with affine parameters."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, dim1, dim2):
        super().__init__()
        self.ln = nn.LayerNorm((dim1, dim2))
        with torch.no_grad():
            self.ln.weight.copy_(torch.randn(dim1, dim2) * 0.1 + 1.0)
            self.ln.bias.copy_(torch.randn(dim1, dim2) * 0.1)

    def forward(self, x):
        return self.ln(x)


batch_size = 10240
dim1 = 256
dim2 = 256

SMALL = {"batch_size": 8, "dim1": 32, "dim2": 64}


def get_inputs():
    return [torch.randn(batch_size, dim1, dim2) * 2.0 + 0.5]


def get_init_inputs():
    return [dim1, dim2]
