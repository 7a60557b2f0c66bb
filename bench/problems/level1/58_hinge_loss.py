"""Hinge loss, mean(clamp(1 - p * t, min=0)), predictions (8192, 2048), float targets in {-1, 1}; scalar output."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, predictions, targets):
        return torch.mean(torch.clamp(1.0 - predictions * targets, min=0.0))


batch_size = 8192
dim = 2048

SMALL = {"batch_size": 16, "dim": 256}


def get_inputs():
    predictions = torch.randn(batch_size, dim)
    targets = torch.randint(0, 2, (batch_size, dim)).float() * 2.0 - 1.0
    return [predictions, targets]


def get_init_inputs():
    return []
