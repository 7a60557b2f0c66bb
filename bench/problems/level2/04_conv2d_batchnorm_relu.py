"""ResNet-style stem: Conv2d 7x7 stride 2 (no bias), BatchNorm2d (eval), ReLU: (16, 3, 224, 224) -> (16, 64, 112, 112)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size, stride):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size, stride=stride,
                              padding=kernel_size // 2, bias=False)
        self.bn = nn.BatchNorm2d(out_channels)
        with torch.no_grad():
            self.bn.running_mean.copy_(torch.randn(out_channels) * 0.1)
            self.bn.running_var.copy_(torch.rand(out_channels) + 0.5)
            self.bn.weight.copy_(torch.rand(out_channels) + 0.5)
            self.bn.bias.copy_(torch.randn(out_channels) * 0.1)

    def forward(self, x):
        return torch.relu(self.bn(self.conv(x)))


batch_size = 16
in_channels = 3
out_channels = 64
kernel_size = 7
stride = 2
height = 224
width = 224

SMALL = {"batch_size": 2, "out_channels": 8, "height": 32, "width": 32}


def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width)]


def get_init_inputs():
    return [in_channels, out_channels, kernel_size, stride]
