"""Mean squared error loss, mean((p - t)^2), over predictions and targets of shape (4096, 4096); scalar output."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, predictions, targets):
        return torch.mean((predictions - targets) ** 2)


batch_size = 4096
dim = 4096

SMALL = {"batch_size": 8, "dim": 1024}


def get_inputs():
    return [torch.randn(batch_size, dim), torch.randn(batch_size, dim)]


def get_init_inputs():
    return []
