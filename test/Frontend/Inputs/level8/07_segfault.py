"""A forward that crashes the process (reads address 0)."""
import ctypes

import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x):
        ctypes.string_at(0)
        return x


n = 64
SMALL = {"n": 8}


def get_inputs():
    return [torch.rand(n)]


def get_init_inputs():
    return []
