"""Conv2d 64 -> 128 3x3, softmax over channels, mean over H and W: (32, 64, 112, 112) -> (32, 128)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_channels, out_channels):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, 3, padding=1)

    def forward(self, x):
        return torch.mean(torch.softmax(self.conv(x), dim=1), dim=(2, 3))


batch_size = 32
in_channels = 64
out_channels = 128
height = 112
width = 112

SMALL = {"batch_size": 2, "in_channels": 4, "out_channels": 8, "height": 12, "width": 12}


def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width)]


def get_init_inputs():
    return [in_channels, out_channels]
