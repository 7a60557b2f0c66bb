"""Deep narrow MLP: 24 hidden layers Linear(256, 256) + ReLU, then Linear(256, 64): (32768, 256) -> (32768, 64)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_features, hidden, depth, out_features):
        super().__init__()
        layers = []
        width = in_features
        for _ in range(depth):
            layers += [nn.Linear(width, hidden), nn.ReLU()]
            width = hidden
        layers.append(nn.Linear(width, out_features))
        self.net = nn.Sequential(*layers)

    def forward(self, x):
        return self.net(x)


batch_size = 32768
in_features = 256
hidden = 256
depth = 24
out_features = 64

SMALL = {"batch_size": 16, "in_features": 32, "hidden": 32, "depth": 6, "out_features": 8}


def get_inputs():
    return [torch.randn(batch_size, in_features)]


def get_init_inputs():
    return [in_features, hidden, depth, out_features]
