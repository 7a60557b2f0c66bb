"""Linear layer followed by ReLU: (1024, 4096) -> Linear(4096, 4096) -> ReLU -> (1024, 4096)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.linear = nn.Linear(in_features, out_features)

    def forward(self, x):
        return torch.relu(self.linear(x))


batch_size = 1024
in_features = 4096
out_features = 4096

SMALL = {"batch_size": 4, "in_features": 64, "out_features": 32}


def get_inputs():
    return [torch.randn(batch_size, in_features)]


def get_init_inputs():
    return [in_features, out_features]
