"""Attention pooling over a sequence: Linear 1024 -> 1 scores, softmax over time, weighted sum: (256, 4096, 1024) -> (256, 1024)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, features):
        super().__init__()
        self.score = nn.Linear(features, 1)

    def forward(self, x):
        w = torch.softmax(self.score(x), dim=1)      # (B, T, 1)
        return torch.sum(w * x, dim=1)


batch_size = 256
seq_len = 4096
features = 1024

SMALL = {"batch_size": 2, "seq_len": 64, "features": 128}


def get_inputs():
    return [torch.randn(batch_size, seq_len, features)]


def get_init_inputs():
    return [features]
