"""Hinge loss mean(clamp(1 - pred * target, min=0)) with +-1 targets, (65536, 10240) -> scalar."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, pred, target):
        return torch.mean(torch.clamp(1.0 - pred * target, min=0.0))


rows = 65536
cols = 10240

SMALL = {"rows": 64, "cols": 512}


def get_inputs():
    return [torch.randn(rows, cols), torch.randint(0, 2, (rows, cols)).float() * 2.0 - 1.0]


def get_init_inputs():
    return []
