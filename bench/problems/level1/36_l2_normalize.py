"""Row-wise L2 normalisation, x / max(||x||_2, eps) along dim 1, on x with shape (256, 65536)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, eps):
        super().__init__()
        self.eps = eps

    def forward(self, x):
        norm = torch.sqrt(torch.sum(x * x, dim=1, keepdim=True))
        return x / torch.clamp(norm, min=self.eps)


batch_size = 256
dim = 65536
eps = 1e-12

SMALL = {"batch_size": 4, "dim": 2048}


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return [eps]
