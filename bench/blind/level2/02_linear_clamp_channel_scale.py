"""Linear 1024 -> 2048, clamp to [-0.5, 0.5], multiply by a learned per-feature scale: (32768, 1024) -> (32768, 2048)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features)
        self.scale = nn.Parameter(torch.randn(out_features) * 0.1 + 1.0)

    def forward(self, x):
        return torch.clamp(self.fc(x), -0.5, 0.5) * self.scale


batch_size = 32768
in_features = 1024
out_features = 2048

SMALL = {"batch_size": 32, "in_features": 64, "out_features": 96}


def get_inputs():
    return [torch.randn(batch_size, in_features)]


def get_init_inputs():
    return [in_features, out_features]
