"""Complex multiplication: ks has no complex element types."""
import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x, y):
        return torch.view_as_real(torch.view_as_complex(x) * torch.view_as_complex(y))


n = 64
SMALL = {"n": 8}


def get_inputs():
    return [torch.rand(n, 2), torch.rand(n, 2)]


def get_init_inputs():
    return []
