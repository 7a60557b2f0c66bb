"""AvgPool2d 3x3, stride 1, padding 1, count_include_pad=False (a box blur): (40, 64, 512, 512) -> same shape."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool = nn.AvgPool2d(3, stride=1, padding=1, count_include_pad=False)

    def forward(self, x):
        return self.pool(x)


batch_size = 40
channels = 64
height = 512
width = 512

SMALL = {"batch_size": 2, "channels": 4, "height": 32, "width": 32}


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return []
