"""Conv2d 3x3 (64 -> 128, padding 1), BatchNorm2d (eval), ReLU6, AvgPool2d 2: (32, 64, 128, 128) -> (32, 128, 64, 64)."""
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, in_channels, out_channels):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, 3, padding=1)
        self.bn = nn.BatchNorm2d(out_channels)
        with torch.no_grad():
            self.bn.running_mean.copy_(torch.randn(out_channels) * 0.1)
            self.bn.running_var.copy_(torch.rand(out_channels) + 0.5)
            self.bn.weight.copy_(torch.rand(out_channels) + 0.5)
            self.bn.bias.copy_(torch.randn(out_channels) * 0.1)
        self.pool = nn.AvgPool2d(2)

    def forward(self, x):
        return self.pool(torch.clamp(self.bn(self.conv(x)), 0.0, 6.0))


batch_size = 32
in_channels = 64
out_channels = 128
size = 128

SMALL = {"batch_size": 2, "in_channels": 4, "out_channels": 8, "size": 16}


def get_inputs():
    return [torch.randn(batch_size, in_channels, size, size)]


def get_init_inputs():
    return [in_channels, out_channels]
