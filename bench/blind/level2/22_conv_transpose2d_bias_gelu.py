"""ConvTranspose2d 128 -> 64, 4x4, stride 2, padding 1 (no bias), per-channel bias add, GELU: (24, 128, 112, 112) -> (24, 64, 224, 224)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_channels, out_channels):
        super().__init__()
        self.deconv = nn.ConvTranspose2d(in_channels, out_channels, 4, stride=2, padding=1, bias=False)
        self.bias = nn.Parameter(torch.randn(out_channels, 1, 1) * 0.1)

    def forward(self, x):
        return F.gelu(self.deconv(x) + self.bias)


batch_size = 24
in_channels = 128
out_channels = 64
height = 112
width = 112

SMALL = {"batch_size": 2, "in_channels": 8, "out_channels": 4, "height": 8, "width": 8}


def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width)]


def get_init_inputs():
    return [in_channels, out_channels]
