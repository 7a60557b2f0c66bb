"""Conv2d 96 -> 96 3x3 (valid), Hardswish, AvgPool2d(2): (32, 96, 130, 130) -> (32, 96, 64, 64)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, 3)
        self.pool = nn.AvgPool2d(2)

    def forward(self, x):
        return self.pool(F.hardswish(self.conv(x)))


batch_size = 32
channels = 96
height = 130
width = 130

SMALL = {"batch_size": 2, "channels": 8, "height": 18, "width": 18}


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return [channels]
