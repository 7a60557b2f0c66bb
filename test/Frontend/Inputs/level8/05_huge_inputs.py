"""ReLU of 2.5e9 floats: 10 GB of input, 10 GB of result. The import makes
neither: the inputs are fake tensors, the result's shape comes from the
exported graph."""
import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x):
        return torch.relu(x)


n = 2_500_000_000
SMALL = {"n": 8}


def get_inputs():
    return [torch.rand(n)]


def get_init_inputs():
    return []
