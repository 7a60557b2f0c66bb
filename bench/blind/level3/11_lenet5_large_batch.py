"""LeNet-5-like classifier at a large batch (conv 5x5 -> ReLU -> max pool, twice; three linear layers): (65536, 1, 32, 32) -> (65536, 10)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_channels, image_size, num_classes):
        super().__init__()
        side = ((image_size - 4) // 2 - 4) // 2          # 5 for 32x32 images
        self.conv1 = nn.Conv2d(in_channels, 6, 5)
        self.conv2 = nn.Conv2d(6, 16, 5)
        self.fc1 = nn.Linear(16 * side * side, 120)
        self.fc2 = nn.Linear(120, 84)
        self.fc3 = nn.Linear(84, num_classes)

    def forward(self, x):
        x = F.max_pool2d(torch.relu(self.conv1(x)), 2)
        x = F.max_pool2d(torch.relu(self.conv2(x)), 2)
        x = torch.flatten(x, 1)
        x = torch.relu(self.fc1(x))
        x = torch.relu(self.fc2(x))
        return self.fc3(x)


batch_size = 65536
in_channels = 1
image_size = 32
num_classes = 10

SMALL = {"batch_size": 8}


def get_inputs():
    return [torch.randn(batch_size, in_channels, image_size, image_size)]


def get_init_inputs():
    return [in_channels, image_size, num_classes]
