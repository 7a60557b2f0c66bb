"""A forward that never returns."""
import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x):
        while True:
            pass


n = 64
SMALL = {"n": 8}


def get_inputs():
    return [torch.rand(n)]


def get_init_inputs():
    return []
