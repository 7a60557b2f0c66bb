"""ConvTranspose2d 192 -> 96, 3x3, stride 2, padding 1, output_padding 1, non-square input: (16, 192, 96, 160) -> (16, 96, 192, 320)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_channels, out_channels):
        super().__init__()
        self.deconv = nn.ConvTranspose2d(in_channels, out_channels, 3, stride=2, padding=1,
                                         output_padding=1)

    def forward(self, x):
        return self.deconv(x)


batch_size = 16
in_channels = 192
out_channels = 96
height = 96
width = 160

SMALL = {"batch_size": 2, "in_channels": 8, "out_channels": 8, "height": 8, "width": 12}


def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width)]


def get_init_inputs():
    return [in_channels, out_channels]
