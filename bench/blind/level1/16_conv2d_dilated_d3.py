"""Dilated Conv2d, 3x3 kernel, dilation 3, padding 3: (16, 96, 160, 240) -> (16, 96, 160, 240)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, channels, dilation):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, 3, padding=dilation, dilation=dilation)

    def forward(self, x):
        return self.conv(x)


batch_size = 16
channels = 96
dilation = 3
height = 160
width = 240

SMALL = {"batch_size": 2, "channels": 8, "height": 16, "width": 24}


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return [channels, dilation]
