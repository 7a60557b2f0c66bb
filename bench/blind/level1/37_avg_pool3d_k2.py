"""AvgPool3d, kernel 2, stride 2: (16, 24, 96, 192, 192) -> (16, 24, 48, 96, 96)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool = nn.AvgPool3d(2)

    def forward(self, x):
        return self.pool(x)


batch_size = 16
channels = 24
depth = 96
height = 192
width = 192

SMALL = {"batch_size": 1, "channels": 4, "depth": 8, "height": 16, "width": 16}


def get_inputs():
    return [torch.randn(batch_size, channels, depth, height, width)]


def get_init_inputs():
    return []
