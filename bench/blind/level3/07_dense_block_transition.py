"""DenseNet-style dense block (6 BN-ReLU-Conv1x1-BN-ReLU-Conv3x3 layers, growth 32, concatenated features) and a transition (BN-ReLU-Conv1x1-AvgPool): (32, 64, 56, 56) -> (32, 128, 28, 28)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def _bn(c):
    bn = nn.BatchNorm2d(c)
    with torch.no_grad():
        bn.running_mean.copy_(torch.randn(c) * 0.1)
        bn.running_var.copy_(torch.rand(c) + 0.5)
        bn.weight.copy_(torch.rand(c) + 0.5)
        bn.bias.copy_(torch.randn(c) * 0.1)
    return bn


class DenseLayer(nn.Module):
    def __init__(self, cin, growth):
        super().__init__()
        self.bn1 = _bn(cin)
        self.conv1 = nn.Conv2d(cin, 4 * growth, 1, bias=False)
        self.bn2 = _bn(4 * growth)
        self.conv2 = nn.Conv2d(4 * growth, growth, 3, padding=1, bias=False)

    def forward(self, x):
        y = self.conv1(torch.relu(self.bn1(x)))
        return self.conv2(torch.relu(self.bn2(y)))


class Model(nn.Module):
    def __init__(self, in_channels, growth, layers, out_channels):
        super().__init__()
        self.layers = nn.ModuleList(
            [DenseLayer(in_channels + i * growth, growth) for i in range(layers)])
        total = in_channels + layers * growth
        self.bn = _bn(total)
        self.transition = nn.Conv2d(total, out_channels, 1, bias=False)

    def forward(self, x):
        features = [x]
        for layer in self.layers:
            features.append(layer(torch.cat(features, dim=1)))
        y = self.transition(torch.relu(self.bn(torch.cat(features, dim=1))))
        return F.avg_pool2d(y, 2)


batch_size = 32
in_channels = 64
growth = 32
layers = 6
out_channels = 128
height = 56
width = 56

SMALL = {"batch_size": 2, "in_channels": 8, "growth": 4, "layers": 3, "out_channels": 8,
         "height": 12, "width": 12}


def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width)]


def get_init_inputs():
    return [in_channels, growth, layers, out_channels]
