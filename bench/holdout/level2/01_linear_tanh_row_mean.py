"""Linear 2048 -> 2048, tanh, mean over features: (8192, 2048) -> (8192,)."""
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, features):
        super().__init__()
        self.fc = nn.Linear(features, features)

    def forward(self, x):
        return torch.tanh(self.fc(x)).mean(dim=1)


batch_size = 8192
features = 2048

SMALL = {"batch_size": 16, "features": 64}


def get_inputs():
    return [torch.randn(batch_size, features)]


def get_init_inputs():
    return [features]
