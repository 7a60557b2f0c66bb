"""Conv2d 64 -> 128 channels, 5x5 kernel, stride 2, padding 2, no bias: (16, 64, 256, 256) -> (16, 128, 128, 128)."""
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, in_channels, out_channels):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, 5, stride=2, padding=2, bias=False)

    def forward(self, x):
        return self.conv(x)


batch_size = 16
in_channels = 64
out_channels = 128
size = 256

SMALL = {"batch_size": 2, "in_channels": 4, "out_channels": 8, "size": 16}


def get_inputs():
    return [torch.randn(batch_size, in_channels, size, size)]


def get_init_inputs():
    return [in_channels, out_channels]
