"""InstanceNorm2d with affine parameters (per-sample, per-channel statistics) on (48, 64, 448, 448)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.norm = nn.InstanceNorm2d(channels, affine=True)
        with torch.no_grad():
            self.norm.weight.copy_(torch.randn(channels) * 0.1 + 1.0)
            self.norm.bias.copy_(torch.randn(channels) * 0.1)

    def forward(self, x):
        return self.norm(x)


batch_size = 48
channels = 64
height = 448
width = 448

SMALL = {"batch_size": 2, "channels": 8, "height": 24, "width": 24}


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return [channels]
