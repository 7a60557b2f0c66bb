"""Conv2d 128 -> 128 3x3 (no bias), BatchNorm2d (eval), LeakyReLU(0.1), residual add: (12, 128, 120, 136) -> same."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, 3, padding=1, bias=False)
        self.bn = nn.BatchNorm2d(channels)
        with torch.no_grad():
            self.bn.running_mean.copy_(torch.randn(channels) * 0.1)
            self.bn.running_var.copy_(torch.rand(channels) + 0.5)
            self.bn.weight.copy_(torch.rand(channels) + 0.5)
            self.bn.bias.copy_(torch.randn(channels) * 0.1)

    def forward(self, x):
        return F.leaky_relu(self.bn(self.conv(x)), 0.1) + x


batch_size = 12
channels = 128
height = 120
width = 136

SMALL = {"batch_size": 2, "channels": 8, "height": 12, "width": 12}


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return [channels]
