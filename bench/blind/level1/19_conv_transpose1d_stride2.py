"""ConvTranspose1d 256 -> 128 channels, kernel 4, stride 2, padding 1 (2x upsampling): (32, 256, 8192) -> (32, 128, 16384)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_channels, out_channels):
        super().__init__()
        self.deconv = nn.ConvTranspose1d(in_channels, out_channels, 4, stride=2, padding=1)

    def forward(self, x):
        return self.deconv(x)


batch_size = 32
in_channels = 256
out_channels = 128
length = 8192

SMALL = {"batch_size": 2, "in_channels": 8, "out_channels": 8, "length": 64}


def get_inputs():
    return [torch.randn(batch_size, in_channels, length)]


def get_init_inputs():
    return [in_channels, out_channels]
