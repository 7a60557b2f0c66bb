"""ConvTranspose2d 128 -> 64, 3x3, stride 2, BatchNorm2d (eval), tanh, MaxPool2d(2): (32, 128, 128, 128) -> (32, 64, 128, 128)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_channels, out_channels):
        super().__init__()
        self.deconv = nn.ConvTranspose2d(in_channels, out_channels, 3, stride=2, padding=1,
                                         output_padding=1)
        self.bn = nn.BatchNorm2d(out_channels)
        with torch.no_grad():
            self.bn.running_mean.copy_(torch.randn(out_channels) * 0.1)
            self.bn.running_var.copy_(torch.rand(out_channels) + 0.5)
            self.bn.weight.copy_(torch.rand(out_channels) + 0.5)
            self.bn.bias.copy_(torch.randn(out_channels) * 0.1)
        self.pool = nn.MaxPool2d(2)

    def forward(self, x):
        return self.pool(torch.tanh(self.bn(self.deconv(x))))


batch_size = 32
in_channels = 128
out_channels = 64
height = 128
width = 128

SMALL = {"batch_size": 2, "in_channels": 8, "out_channels": 4, "height": 8, "width": 8}


def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width)]


def get_init_inputs():
    return [in_channels, out_channels]
