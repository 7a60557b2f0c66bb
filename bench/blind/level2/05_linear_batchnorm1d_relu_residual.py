"""Linear 2048 -> 2048, BatchNorm1d (eval), ReLU, residual add of the input: (16384, 2048) -> same."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, features):
        super().__init__()
        self.fc = nn.Linear(features, features)
        self.bn = nn.BatchNorm1d(features)
        with torch.no_grad():
            self.bn.running_mean.copy_(torch.randn(features) * 0.1)
            self.bn.running_var.copy_(torch.rand(features) + 0.5)
            self.bn.weight.copy_(torch.rand(features) + 0.5)
            self.bn.bias.copy_(torch.randn(features) * 0.1)

    def forward(self, x):
        return torch.relu(self.bn(self.fc(x))) + x


batch_size = 16384
features = 2048

SMALL = {"batch_size": 32, "features": 128}


def get_inputs():
    return [torch.randn(batch_size, features)]


def get_init_inputs():
    return [features]
