"""Linear 4096 -> 6144, sigmoid, sum over features (keepdim): (4096, 4096) -> (4096, 1)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features)

    def forward(self, x):
        return torch.sum(torch.sigmoid(self.fc(x)), dim=1, keepdim=True)


batch_size = 4096
in_features = 4096
out_features = 6144

SMALL = {"batch_size": 32, "in_features": 64, "out_features": 128}


def get_inputs():
    return [torch.randn(batch_size, in_features)]


def get_init_inputs():
    return [in_features, out_features]
