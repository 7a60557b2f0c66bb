"""Conv2d 48 -> 48 3x3, sigmoid gate multiplying the input, plus a per-channel bias: (32, 48, 224, 224) -> same."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, 3, padding=1)
        self.bias = nn.Parameter(torch.randn(channels, 1, 1) * 0.1)

    def forward(self, x):
        return torch.sigmoid(self.conv(x)) * x + self.bias


batch_size = 32
channels = 48
height = 224
width = 224

SMALL = {"batch_size": 2, "channels": 8, "height": 16, "width": 16}


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return [channels]
