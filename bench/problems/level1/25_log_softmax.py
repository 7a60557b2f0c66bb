"""Row-wise log-softmax over dim 1 of x with shape (128, 32768)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.log_softmax(x, dim=1)


batch_size = 128
dim = 32768

SMALL = {"batch_size": 4, "dim": 1000}


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return []
