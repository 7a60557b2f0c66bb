"""ConvTranspose2d 4x4 stride 2 padding 1 (128 -> 64), ReLU, InstanceNorm2d: (16, 128, 128, 128) -> (16, 64, 256, 256)."""
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, in_channels, out_channels):
        super().__init__()
        self.up = nn.ConvTranspose2d(in_channels, out_channels, 4, stride=2, padding=1)
        self.norm = nn.InstanceNorm2d(out_channels)

    def forward(self, x):
        return self.norm(torch.relu(self.up(x)))


batch_size = 16
in_channels = 128
out_channels = 64
size = 128

SMALL = {"batch_size": 2, "in_channels": 8, "out_channels": 4, "size": 8}


def get_inputs():
    return [torch.randn(batch_size, in_channels, size, size)]


def get_init_inputs():
    return [in_channels, out_channels]
